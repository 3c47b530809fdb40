import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type LocalS3 = {
  /** The S3_* variables that point an app at this server's bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, read through the S3 API (what the store holds, not what the app says). */
  keys(): Promise<string[]>;
  /** An object's bytes, or null when the bucket has no such key. */
  read(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free local port, with one empty bucket in a throwaway directory:
 * the app talks to it over HTTP with the AWS SDK exactly as it would to any S3 store.
 */
export async function startLocalS3(bucket = 'wyn-media'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'wyn-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed credentials: it checks request signatures like a real store.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  return {
    env,
    async keys() {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    async read(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
