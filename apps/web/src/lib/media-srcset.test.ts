import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, mediaSrcSet, preloadMediaImage } from './media-srcset';

describe('mediaSrcSet', () => {
  it('lists every WebP display width of an upload or a seed image (decision 0017)', () => {
    expect(mediaSrcSet('/media/0123456789abcdef0123456789abcdef.jpg')).toBe(
      [160, 320, 480, 720, 960, 1280].map((w) => `/media/0123456789abcdef0123456789abcdef.w${w}.webp ${w}w`).join(', '),
    );
    expect(mediaSrcSet('/media/seed/banner-quests.png')).toContain('/media/seed/banner-quests.w480.webp 480w');
    expect(mediaSrcSet('/media/photo.webp')).toContain('/media/photo.w160.webp 160w');
    expect(mediaSrcSet('/media/photo.JPEG')).toContain('/media/photo.w1280.webp 1280w');
  });

  it('gives none for what the server keeps as it is, or does not serve', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/media/animated.gif',
      '/media/clip.mp4',
      '/media/terms.pdf',
      '/media/photo.w480.webp',
      'https://t.me/i/userpic/320/someone.jpg',
      'https://example.com/media/photo.png',
      '/api/v1/club/media/private/0123456789abcdef0123456789abcdef.png?exp=1&sig=x',
      'private:0123456789abcdef0123456789abcdef.png',
      'blob:http://localhost/1234',
      '/media/../secret.png',
      '/media/photo.png?v=2',
    ])
      expect(mediaSrcSet(url), String(url)).toBeUndefined();
  });
});

describe('preloadMediaImage', () => {
  it('preloads an image at the widths and sizes its <img> will ask for', () => {
    preloadMediaImage('/media/seed/cover-rewards.png', IMAGE_SIZES.detailCover);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('href')).toBe('/media/seed/cover-rewards.png');
    expect(link?.getAttribute('imagesrcset')).toBe(mediaSrcSet('/media/seed/cover-rewards.png'));
    expect(link?.getAttribute('imagesizes')).toBe(IMAGE_SIZES.detailCover);
    link?.remove();
  });

  it('asks for the same image at the same sizes once (tg-boot.js may have asked for it already)', () => {
    preloadMediaImage('/media/seed/cover-rewards.png', IMAGE_SIZES.detailCover);
    preloadMediaImage('/media/seed/cover-rewards.png', IMAGE_SIZES.detailCover);
    expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(1);
    document.head.querySelector('link[rel="preload"]')?.remove();
  });

  it('leaves anything without display widths alone (a video, an outside address, none)', () => {
    for (const url of ['/media/clip.mp4', 'https://example.com/media/photo.png', null]) {
      preloadMediaImage(url, IMAGE_SIZES.detailCover);
    }
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
