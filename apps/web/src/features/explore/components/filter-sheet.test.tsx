import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSheet } from './filter-sheet';

const open = () => {
  render(<FilterSheet tab="tasks" available={[]} value={{ sort: null, filters: {} }} onApply={() => {}} />);
  fireEvent.click(screen.getByTestId('explore-filter-button'));
  return screen.getByRole('dialog', { name: 'Filters' });
};

const matchWidth = (desktop: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: desktop && query.includes('min-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );

afterEach(() => vi.restoreAllMocks());

describe('the filter sheet (issue #14 item 20)', () => {
  it('rises from the bottom on a phone', () => {
    matchWidth(false);
    expect(open().getAttribute('data-side')).toBe('bottom');
  });

  it('stays on the right from 768 px', () => {
    matchWidth(true);
    expect(open().getAttribute('data-side')).toBe('right');
  });
});
