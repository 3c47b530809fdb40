/**
 * The display-width variants of public still images (decision 0017): plain values shared by the server, which
 * makes and serves them, and the web app, which lists them in `srcset`; in a module of their own so the web app's
 * shell (an avatar in the navigation) loads them without the rest of the media policy.
 */

/**
 * Still images under `/media/` (uploads and the seed images) are also served as WebP at display widths
 * (docs/performance.md, Delivery; decision 0017): `/media/<name>.w<W>.webp` beside `/media/<name>.<png|jpg|jpeg|webp>`,
 * made when the file is uploaded (and on first request for a file stored before there were variants), never wider
 * than the original. The web app lists them in `srcset` so a phone downloads a small one. GIFs (often animated),
 * videos, PDFs and private files have none.
 */
export const MEDIA_VARIANT_WIDTHS = [160, 320, 480, 720, 960, 1280] as const;
export type MediaVariantWidth = (typeof MEDIA_VARIANT_WIDTHS)[number];

/** A public still image's path: `/media/` + optional `seed/` + a name + a resizable extension. */
const VARIANT_SOURCE = /^\/media\/((?:seed\/)?\w[\w.-]*)\.(png|jpe?g|webp)$/i;
/** A variant's path under `/media/`: the original's name (without extension), the width, `.webp`. */
const VARIANT_KEY = /^((?:seed\/)?\w[\w.-]*)\.w(\d+)\.webp$/;

/** The WebP variant of a public still image at this width, or null when the address has none. */
export function mediaVariantUrl(url: string | null | undefined, width: MediaVariantWidth): string | null {
  const m = url ? VARIANT_SOURCE.exec(url) : null;
  // A variant is not resized again.
  if (!m || VARIANT_KEY.test(url!.slice('/media/'.length))) return null;
  return `/media/${m[1]}.w${width}.webp`;
}

/** The name (without extension) and width a variant's key (its path under `/media/`) stands for, or null. */
export function parseMediaVariantKey(key: string): { base: string; width: MediaVariantWidth } | null {
  const m = VARIANT_KEY.exec(key);
  const width = Number(m?.[2]) as MediaVariantWidth;
  // A variant of a variant is not one.
  if (!m || /\.w\d+$/.test(m[1]!)) return null;
  return MEDIA_VARIANT_WIDTHS.includes(width) ? { base: m[1]!, width } : null;
}
