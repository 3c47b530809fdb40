import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_VARIANT_WIDTHS, mediaVariantUrl, type MediaVariantWidth } from '@wyn/contract';
import { SEED_ASSETS_DIR } from '../server-paths.ts';

/**
 * A private file's reference: `private:<name>`. It is what perks store and what the upload returns; by itself
 * it grants nothing (the files are served only through short-lived signed URLs, see private-media-links.ts).
 */
export const PRIVATE_REF_PREFIX = 'private:';
const PRIVATE_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/** The file name inside a `private:` reference, or null when it is not one. */
export function privateNameOf(ref: string | null | undefined): string | null {
  if (!ref?.startsWith(PRIVATE_REF_PREFIX)) return null;
  const name = ref.slice(PRIVATE_REF_PREFIX.length);
  return PRIVATE_NAME.test(name) ? name : null;
}
export const isPrivateName = (name: string) => PRIVATE_NAME.test(name);

/** The only file types `/media/*` ever serves, by extension (docs/security.md: never SVG or HTML). */
export const SERVED_MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

/** Demo images shipped with the package; every instance serves them as `/media/seed/<file>` from here. */
export { SEED_ASSETS_DIR };
/** The URL prefix of the seed images, and (with object storage) their keys under `media/`. */
export const SEED_MEDIA_PREFIX = 'seed/';

/** The key (path under `/media/`) of a public file's WebP variant at this width, or null when it has none. */
export const variantKeyOf = (key: string, width: MediaVariantWidth) =>
  mediaVariantUrl(`/media/${key}`, width)?.slice('/media/'.length) ?? null;

/** Every variant key a public file may have (removed with it). */
export const variantKeysOf = (key: string) =>
  MEDIA_VARIANT_WIDTHS.map((w) => variantKeyOf(key, w)).filter((k): k is string => k !== null);

/**
 * An upload's stored name (random, never rewritten) or one of its variants: what `/media/` may cache for a year.
 * Seed images keep fixed names, so they are cached for a day.
 */
export const isImmutableMediaKey = (key: string) => /^[0-9a-f]{32}\./.test(key);

/** A stored file opened for reading: the bytes asked for (all, or one range) and what a reply needs. */
export type StoredObject = {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** Set when a range was asked for and served: the `Content-Range` value (`bytes 0-99/1234`). */
  contentRange?: string;
  etag?: string;
};

export type MediaStorageBase = {
  /**
   * Stores the bytes under a random name with this extension. Public: returns the key and its `/media/` URL.
   * Private: the key and URL are both the `private:<name>` reference.
   */
  put(bytes: Buffer, ext: string, opts?: { private?: boolean }): Promise<{ key: string; url: string }>;
  /**
   * Writes a public file under a fixed key (an image's variants; with object storage, the seed images too);
   * replaces what is there.
   */
  putNamed(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A public file's bytes (its `/media/` path: an upload, a variant, a seed image), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes a file and, for a public image, its variants. */
  remove(key: string): Promise<void>;
};

/**
 * Where uploaded files live. The disk store writes public files to `DATA_DIR/media`, which the `/media/*` static
 * route serves, and private ones (exclusive perk content) to `DATA_DIR/private-media`, which no static route
 * serves. The object store (s3-media-storage.ts) keeps both in one bucket that is never public: the server
 * reads them back (`/media/*`, and the signed-URL route for private files), so every instance serves every file.
 */
export type MediaStorage =
  | (MediaStorageBase & { kind: 'disk'; publicRoot: string; privateRoot: string })
  | (MediaStorageBase & {
      kind: 'object';
      /**
       * Opens a public file (its `/media/` path, e.g. `ab12….png` or `seed/banner-quests.png`) or a `private:`
       * reference; `range` is the request's Range header. Null when there is no such file; throws
       * `RangeNotSatisfiableError` for a range outside it.
       */
      open(key: string, range?: string): Promise<StoredObject | null>;
    });

export class RangeNotSatisfiableError extends Error {}

/** A file name directly under the public media directory (no path, no leading dot). */
const PUBLIC_NAME = /^\w[\w.-]*$/;

/** A random stored name with this (cleaned) extension. */
export const randomMediaName = (ext: string) =>
  `${randomBytes(16).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;

/** `root` is the public media directory; private files go beside it unless told otherwise. */
export function createDiskMediaStorage(
  root: string,
  privateRoot: string = path.join(path.dirname(root), 'private-media'),
): MediaStorage {
  return {
    kind: 'disk',
    publicRoot: root,
    privateRoot,
    async put(bytes, ext, opts = {}) {
      const dir = opts.private ? privateRoot : root;
      await mkdir(dir, { recursive: true });
      const name = randomMediaName(ext);
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      if (opts.private) return { key: PRIVATE_REF_PREFIX + name, url: PRIVATE_REF_PREFIX + name };
      return { key: name, url: `/media/${name}` };
    },
    async putNamed(key, bytes) {
      if (!PUBLIC_NAME.test(key)) throw new Error(`not an upload's public key: ${key}`);
      await mkdir(root, { recursive: true });
      // Written aside and renamed into place: a reader never sees half a file.
      const partial = path.join(root, `.${randomBytes(8).toString('hex')}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, path.join(root, key));
    },
    async read(key) {
      const seedName = key.startsWith(SEED_MEDIA_PREFIX) ? key.slice(SEED_MEDIA_PREFIX.length) : null;
      const name = seedName ?? key;
      if (!PUBLIC_NAME.test(name)) return null;
      const file = path.join(seedName ? SEED_ASSETS_DIR : root, name);
      return readFile(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async remove(key) {
      const privateName = privateNameOf(key);
      if (privateName) return rm(path.join(privateRoot, privateName), { force: true });
      if (!PUBLIC_NAME.test(key)) return;
      for (const k of [key, ...variantKeysOf(key)]) await rm(path.join(root, k), { force: true });
    },
  };
}
