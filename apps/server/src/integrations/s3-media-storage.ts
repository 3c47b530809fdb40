import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import {
  PRIVATE_REF_PREFIX,
  privateNameOf,
  randomMediaName,
  RangeNotSatisfiableError,
  SERVED_MEDIA_TYPES,
  variantKeysOf,
  type MediaStorage,
} from './media-storage.ts';

/** Public files under `media/` (the same path as their URL), private ones under `private-media/`. */
const PUBLIC_PREFIX = 'media/';
const PRIVATE_PREFIX = 'private-media/';
/** A public key as `/media/` serves it: an upload's random name, or a seed image under `seed/`. */
const PUBLIC_KEY = /^(seed\/)?[\w][\w.-]*$/;
/** One byte range, as a browser asks for video seeking; anything else gets the whole file. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

const typeOf = (name: string) => SERVED_MEDIA_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

function objectKey(key: string): string | null {
  const privateName = privateNameOf(key);
  if (privateName) return PRIVATE_PREFIX + privateName;
  if (key.startsWith(PRIVATE_REF_PREFIX) || !PUBLIC_KEY.test(key) || key.includes('..')) return null;
  return PUBLIC_PREFIX + key;
}

type Sdk = typeof S3Sdk;
/** The AWS SDK is loaded by the first call that needs it: a server without S3_* never loads it (~7 MB, start-up). */
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

const statusOf = (err: unknown, { S3ServiceException }: Sdk) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * Media in any S3-compatible store (AWS S3, MinIO, R2, …), addressed path-style so a plain endpoint URL works.
 * The bucket stays private: files are read back by the server, which keeps the type, `nosniff` and the
 * signed-URL rule for exclusive files in one place whatever the store.
 */
export function createS3MediaStorage(s3: S3Config): MediaStorage {
  let opened: Promise<{ client: S3Client; sdk: Sdk }> | undefined;
  const open = () =>
    (opened ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      }),
    })));
  const putObject = async (Key: string, Body: Buffer, ContentType: string) => {
    const { client, sdk } = await open();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: s3.bucket, Key, Body, ContentType, ContentLength: Body.length }),
    );
  };

  return {
    kind: 'object',
    async put(bytes, ext, opts = {}) {
      const name = randomMediaName(ext);
      if (opts.private) {
        await putObject(PRIVATE_PREFIX + name, bytes, typeOf(name));
        return { key: PRIVATE_REF_PREFIX + name, url: PRIVATE_REF_PREFIX + name };
      }
      await putObject(PUBLIC_PREFIX + name, bytes, typeOf(name));
      return { key: name, url: `/media/${name}` };
    },
    async putNamed(key, bytes, contentType) {
      const Key = objectKey(key);
      if (!Key || Key.startsWith(PRIVATE_PREFIX)) throw new Error(`not a public media key: ${key}`);
      await putObject(Key, bytes, contentType);
    },
    async remove(key) {
      const Key = objectKey(key);
      if (!Key) return;
      const { client, sdk } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key }));
      if (Key.startsWith(PUBLIC_PREFIX))
        for (const variant of variantKeysOf(key))
          await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: PUBLIC_PREFIX + variant }));
    },
    async read(key) {
      const Key = objectKey(key);
      if (!Key?.startsWith(PUBLIC_PREFIX)) return null;
      const { client, sdk } = await open();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (statusOf(err, sdk) === 404) return null;
        throw err;
      }
    },
    async open(key, range) {
      const Key = objectKey(key);
      if (!Key) return null;
      const { client, sdk } = await open();
      try {
        const res = await client.send(
          new sdk.GetObjectCommand({
            Bucket: s3.bucket,
            Key,
            ...(range && SINGLE_RANGE.test(range) ? { Range: range } : {}),
          }),
        );
        return {
          body: res.Body as Readable,
          length: res.ContentLength ?? 0,
          ...(res.ContentRange ? { contentRange: res.ContentRange } : {}),
          ...(res.ETag ? { etag: res.ETag } : {}),
        };
      } catch (err) {
        const status = statusOf(err, sdk);
        if (status === 404) return null;
        if (status === 416) throw new RangeNotSatisfiableError();
        throw err;
      }
    },
  };
}
