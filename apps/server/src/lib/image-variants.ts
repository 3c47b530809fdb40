import { MEDIA_VARIANT_WIDTHS, parseMediaVariantKey, type MediaVariantWidth } from '@wyn/contract';
import type { Sharp, SharpOptions } from 'sharp';
import { variantKeyOf, type MediaStorage } from '../integrations/media-storage.ts';

/**
 * Public still images at display widths, as WebP (decision 0017, docs/performance.md): each width in
 * MEDIA_VARIANT_WIDTHS, never wider than the original, turned upright by its EXIF orientation and without its
 * metadata (no camera or location data in what pages show). Stored beside the original as `<name>.w<W>.webp`.
 */

/** The types resized; a GIF (often animated), a video or a PDF is kept as it came. */
export const RESIZABLE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
/** Larger images are not decoded (a small file can claim a huge canvas); they keep only their original. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP = { quality: 80, effort: 4 } as const;
const INPUT: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | null = null;
/**
 * sharp (libvips) loads on the first image, not at start: an idle server does not hold it in memory. No operation
 * cache (the same file is rarely resized twice) and one thread per operation, so a large upload does not take
 * both cores from the requests around it.
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/** The decoded image, or null when it is animated, too large or not an image sharp reads. */
async function openStill(bytes: Buffer): Promise<Sharp | null> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, INPUT);
    const meta = await image.metadata();
    if ((meta.pages ?? 1) > 1 || !meta.width || !meta.height) return null;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return null;
    return image.rotate();
  } catch {
    return null;
  }
}

const encode = (image: Sharp, width: number) =>
  image.clone().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();

/** Every variant of a still image (width → WebP bytes); null when it gets none (animated, too large, unreadable). */
export async function makeImageVariants(bytes: Buffer): Promise<Map<MediaVariantWidth, Buffer> | null> {
  const image = await openStill(bytes);
  if (!image) return null;
  try {
    const out = new Map<MediaVariantWidth, Buffer>();
    for (const width of MEDIA_VARIANT_WIDTHS) out.set(width, await encode(image, width));
    return out;
  } catch {
    return null;
  }
}

/** Stores the variants of a public still image just stored under `key`; returns how many were written. */
export async function storeImageVariants(storage: MediaStorage, key: string, bytes: Buffer): Promise<number> {
  const variants = await makeImageVariants(bytes);
  if (!variants) return 0;
  for (const [width, webp] of variants) await storage.putNamed(variantKeyOf(key, width)!, webp, 'image/webp');
  return variants.size;
}

const ORIGINAL_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];
const making = new Map<string, Promise<boolean>>();

/**
 * Makes one missing variant from its original (a file stored before there were variants, or a seed image in a
 * bucket published before them) and stores it. False when the key is not a variant, there is no such original or
 * it gets none. Requests for the same variant at once share one encoding.
 */
export function ensureImageVariant(storage: MediaStorage, variantKey: string): Promise<boolean> {
  const parsed = parseMediaVariantKey(variantKey);
  if (!parsed) return Promise.resolve(false);
  let pending = making.get(variantKey);
  if (!pending) {
    pending = (async () => {
      for (const ext of ORIGINAL_EXTENSIONS) {
        const original = await storage.read(`${parsed.base}.${ext}`);
        if (!original) continue;
        const image = await openStill(original);
        const webp = image && (await encode(image, parsed.width).catch(() => null));
        if (!webp) return false;
        await storage.putNamed(variantKey, webp, 'image/webp');
        return true;
      }
      return false;
    })().finally(() => making.delete(variantKey));
    making.set(variantKey, pending);
  }
  return pending;
}
