import type { Banner } from '@wyn/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerSlider } from './banner-slider';

const banner = (i: number, extra: Partial<Banner> = {}): Banner => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  title: `Banner ${i}`,
  description: null,
  image_url: `/media/banner-${i}.png`,
  link: null,
  order: i,
  ...extra,
});

function renderSlider(banners: Banner[]) {
  render(
    <MemoryRouter>
      <BannerSlider banners={banners} />
    </MemoryRouter>,
  );
  return screen.getByTestId('banner-slider');
}

describe('BannerSlider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('autoplays every 5 s and wraps', () => {
    const slider = renderSlider([banner(1), banner(2), banner(3)]);
    expect(slider.dataset.index).toBe('0');
    act(() => void vi.advanceTimersByTime(4999));
    expect(slider.dataset.index).toBe('0');
    act(() => void vi.advanceTimersByTime(1));
    expect(slider.dataset.index).toBe('1');
    act(() => void vi.advanceTimersByTime(5000));
    act(() => void vi.advanceTimersByTime(5000));
    expect(slider.dataset.index).toBe('0');
  });

  it('ignores clicks during the 0.5 s transition and restarts the timer after a move', () => {
    const slider = renderSlider([banner(1), banner(2), banner(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(slider.dataset.index).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(slider.dataset.index).toBe('1');
    act(() => void vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(slider.dataset.index).toBe('0');
    act(() => void vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(slider.dataset.index).toBe('2');
    // The autoplay timer restarted at the last move: nothing happens before 5 s from it.
    act(() => void vi.advanceTimersByTime(4900));
    expect(slider.dataset.index).toBe('2');
    act(() => void vi.advanceTimersByTime(100));
    expect(slider.dataset.index).toBe('0');
  });

  it('shows no arrows or dots for a single slide and does not move', () => {
    const slider = renderSlider([banner(1)]);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
    act(() => void vi.advanceTimersByTime(20_000));
    expect(slider.dataset.index).toBe('0');
  });

  it('shows Learn More only for http(s) or in-app links', () => {
    renderSlider([
      banner(1, { link: 'https://example.com/promo' }),
      banner(2, { link: 'javascript:alert(1)' }),
      banner(3, { link: '/explore' }),
    ]);
    const links = screen.getAllByText('Learn More', { selector: 'a' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://example.com/promo', '/explore']);
    expect(screen.getAllByText('Learn More', { selector: 'a' })[0]!.getAttribute('rel')).toContain('noopener');
  });

  it('offers the image at display widths, lazily; a broken one falls back to the original, then the placeholder', () => {
    renderSlider([banner(1)]);
    const img = screen.getByTestId('banner-slide').querySelector('img')!;
    expect(img.getAttribute('srcset')).toContain('/media/banner-1.w720.webp 720w');
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('src')).toBe('/media/banner-1.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/banner-placeholder.svg');
  });

  it('renders nothing without banners', () => {
    render(
      <MemoryRouter>
        <BannerSlider banners={[]} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('banner-slider')).toBeNull();
  });
});
