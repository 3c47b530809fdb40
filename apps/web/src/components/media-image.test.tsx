import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { MediaImage } from './media-image';

const img = (container: HTMLElement) => container.querySelector('img')!;

describe('MediaImage', () => {
  it('offers an upload at display widths with its sizes, and keeps the original as src', () => {
    const { container } = render(
      <MediaImage src="/media/seed/cover-event.png" sizes={IMAGE_SIZES.card} loading="lazy" />,
    );
    expect(img(container).getAttribute('src')).toBe('/media/seed/cover-event.png');
    expect(img(container).getAttribute('srcset')).toMatch(/^\/media\/seed\/cover-event\.w160\.webp 160w, .* 1280w$/);
    expect(img(container).getAttribute('sizes')).toBe(IMAGE_SIZES.card);
    expect(img(container).getAttribute('loading')).toBe('lazy');
    expect(img(container).getAttribute('alt')).toBe('');
  });

  it('shows anything else as it is, without srcset or sizes', () => {
    const { container } = render(<MediaImage src="https://example.com/a.png" sizes="40px" />);
    expect(img(container).getAttribute('srcset')).toBeNull();
    expect(img(container).getAttribute('sizes')).toBeNull();
  });

  it('falls back to the original when a width fails to load, and reports only the original failing', () => {
    const onError = vi.fn();
    const { container } = render(<MediaImage src="/media/x.png" sizes="40px" onError={onError} />);
    fireEvent.error(img(container));
    expect(onError).not.toHaveBeenCalled();
    expect(img(container).getAttribute('srcset')).toBeNull();
    expect(img(container).getAttribute('src')).toBe('/media/x.png');
    fireEvent.error(img(container));
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
