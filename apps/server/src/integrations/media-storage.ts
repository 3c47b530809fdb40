import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Where uploaded files live. The disk implementation writes public files to `DATA_DIR/media`, which the
 * `/media/*` static route serves, and private ones (exclusive perk content) to `DATA_DIR/private-media`, which
 * no static route serves; an object-storage implementation can replace it behind the same interface.
 */
export type MediaStorage = {
  /**
   * Stores the bytes under a random name with this extension. Public: returns the key and its `/media/` URL.
   * Private: the key and URL are both the `private:<name>` reference.
   */
  put(bytes: Buffer, ext: string, opts?: { private?: boolean }): Promise<{ key: string; url: string }>;
  remove(key: string): Promise<void>;
  /** The directory the private files are read from (for the signed-URL route). */
  privateRoot: string;
};

/** `root` is the public media directory; private files go beside it unless told otherwise. */
export function createDiskMediaStorage(
  root: string,
  privateRoot: string = path.join(path.dirname(root), 'private-media'),
): MediaStorage {
  return {
    privateRoot,
    async put(bytes, ext, opts = {}) {
      const dir = opts.private ? privateRoot : root;
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      if (opts.private) return { key: PRIVATE_REF_PREFIX + name, url: PRIVATE_REF_PREFIX + name };
      return { key: name, url: `/media/${name}` };
    },
    async remove(key) {
      const privateName = privateNameOf(key);
      if (privateName) return rm(path.join(privateRoot, privateName), { force: true });
      if (!/^[\w.-]+$/.test(key)) return;
      await rm(path.join(root, key), { force: true });
    },
  };
}
