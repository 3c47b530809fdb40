import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The disk implementation writes to `DATA_DIR/media`, which the `/media/*`
 * static route serves; an object-storage implementation can replace it behind the same interface.
 */
export type MediaStorage = {
  /** Stores the bytes under a random name with this extension; returns the storage key and public URL. */
  put(bytes: Buffer, ext: string): Promise<{ key: string; url: string }>;
  remove(key: string): Promise<void>;
};

export function createDiskMediaStorage(root: string): MediaStorage {
  return {
    async put(bytes, ext) {
      await mkdir(root, { recursive: true });
      const key = `${randomBytes(16).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '')}`;
      await writeFile(path.join(root, key), bytes, { flag: 'wx' });
      return { key, url: `/media/${key}` };
    },
    async remove(key) {
      if (!/^[\w.-]+$/.test(key)) return;
      await rm(path.join(root, key), { force: true });
    },
  };
}
