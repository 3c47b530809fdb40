import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RewardCelebration } from './reward-celebration';

const place = (top: number, bottom: number) =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top, bottom } as DOMRect);

afterEach(() => vi.restoreAllMocks());

describe('RewardCelebration', () => {
  it('says what was earned', () => {
    render(<RewardCelebration reward="25.00" />);
    expect(screen.getByRole('status').textContent).toContain('Quest completed!');
    expect(screen.getByRole('status').textContent).toContain('25');
  });

  it('is brought into view when it appears below the fold, and left alone when it is visible', () => {
    const scroll = vi.fn();
    HTMLElement.prototype.scrollIntoView = scroll;
    place(window.innerHeight + 40, window.innerHeight + 120);
    const { unmount } = render(<RewardCelebration reward="5.00" />);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    unmount();
    scroll.mockClear();
    place(100, 180);
    render(<RewardCelebration reward="5.00" />);
    expect(scroll).not.toHaveBeenCalled();
  });
});
