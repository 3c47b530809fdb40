import path from 'node:path';
import type { Config } from '../config.ts';
import { createDiskMediaStorage, type MediaStorage } from './media-storage.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';

/** Where media lives on disk: `DATA_DIR/media` (uploads); private files beside it in `DATA_DIR/private-media`. */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

const opened = new WeakMap<Config, MediaStorage>();

/**
 * The app's one media store: the S3-compatible bucket when S3_* is set, else `DATA_DIR`. One per config, so
 * every module that stores or serves files shares one S3 client (and its connection pool).
 */
export function openMediaStorage(config: Config): MediaStorage {
  let storage = opened.get(config);
  if (!storage) {
    storage = config.s3 ? createS3MediaStorage(config.s3) : createDiskMediaStorage(mediaRoot(config.dataDir));
    opened.set(config, storage);
  }
  return storage;
}
