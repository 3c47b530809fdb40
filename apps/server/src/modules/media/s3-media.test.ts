import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { multipartBody, PNG_1PX } from '../../../test/multipart.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { MEDIA_VARIANT_WIDTHS } from '@wyn/contract';
import sharp from 'sharp';
import { publishSeedMedia } from '../../db/seed.ts';
import { SEED_ASSETS_DIR } from '../../integrations/media-storage.ts';

/** Issue #13 item 8: with S3_* set, media and exclusive files live in the bucket and are served from it. */

let s3: LocalS3;
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ env: s3.env });
  creator = await createMember(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const api = '/api/v1/club';
const PHOTO = Buffer.concat([PNG_1PX, Buffer.from('a public photo in the bucket')]);
const SECRET = Buffer.concat([PNG_1PX, Buffer.from('exclusive bytes kept in the bucket')]);
const SIGNED = /^\/api\/v1\/club\/media\/private\/([0-9a-f]{32}\.png)\?exp=\d+&sig=[\w-]+$/;
const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const nameOf = (url: string) => url.slice('/media/'.length);
/** Nothing reaches the local data directory: the bucket is the only store. */
const localFiles = () =>
  ['media', 'private-media'].flatMap((d) => {
    const dir = path.join(t.config.dataDir, d);
    return existsSync(dir) ? readdirSync(dir) : [];
  });

async function upload(by: Member, bytes: Buffer, purpose?: 'exclusive') {
  const form = multipartBody({}, [{ field: 'file', filename: 'photo.png', bytes, type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${api}/media/upload/${purpose ? `?purpose=${purpose}` : ''}`,
    headers: { ...by.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string };
}

describe('media in S3-compatible object storage', () => {
  it('an upload is stored in the bucket and served from it by /media with its type, nosniff, caching and ranges', async () => {
    const { url } = await upload(creator, PHOTO);
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(await s3.keys()).toContain(`media/${nameOf(url)}`);
    expect((await s3.read(`media/${nameOf(url)}`))?.equals(PHOTO)).toBe(true);
    expect(localFiles()).toEqual([]);

    const served = await fetchUrl(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PHOTO)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // An upload's name is random and never rewritten (decision 0017).
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-length']).toBe(String(PHOTO.length));

    const range = await fetchUrl(url, { range: 'bytes=0-7' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-7/${PHOTO.length}`);
    expect(range.rawPayload.equals(PHOTO.subarray(0, 8))).toBe(true);

    const again = await fetchUrl(url, { 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);

    for (const missing of ['/media/0123456789abcdef0123456789abcdef.png', '/media/../media/x.png', '/media/x.svg'])
      expect((await fetchUrl(missing)).statusCode, missing).toBe(404);
  });

  it('an exclusive file is stored privately: /media never serves it, only a valid signed URL does', async () => {
    const privateRef = (await upload(creator, SECRET, 'exclusive')).url;
    const name = privateRef.replace(/^private:/, '');
    expect(await s3.keys()).toContain(`private-media/${name}`);
    expect(await s3.keys()).not.toContain(`media/${name}`);

    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/perks/`,
      headers: creator.auth,
      payload: {
        title: 'Photos from the bucket',
        description: 'Only for members who redeem this perk.',
        cost_amount: '10',
        perk_type: 'exclusive_content',
        exclusive_content: { content_type: 'images', permanent_media_url: privateRef },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const signed = res.json().content.exclusive_content.permanent_media_url as string;
    expect(SIGNED.exec(signed)?.[1]).toBe(name);

    expect((await fetchUrl(`/media/${name}`)).statusCode).toBe(404);
    expect((await fetchUrl(`${api}/media/private/${name}`)).statusCode).toBe(403);
    expect((await fetchUrl(signed.replace(/sig=[\w-]+/, 'sig=forged'))).statusCode).toBe(403);

    const served = await fetchUrl(signed);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SECRET)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const range = await fetchUrl(signed, { range: 'bytes=8-15' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(SECRET.subarray(8, 16))).toBe(true);

    // A link past its expiry no longer opens the file.
    t.advance(2 * 60 * 60 * 1000);
    try {
      expect((await fetchUrl(signed)).statusCode).toBe(403);
    } finally {
      t.advance(-2 * 60 * 60 * 1000);
    }
    expect(localFiles()).toEqual([]);
  });

  it('deleting a file (a replaced avatar) removes it from the bucket, and /media answers 404', async () => {
    const m = await createMember(t);
    const setAvatar = async () => {
      const form = multipartBody({}, [{ field: 'avatar', filename: 'me.png', bytes: PHOTO, type: 'image/png' }]);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `${api}/profiles/${m.user.id}/`,
        headers: { ...m.auth, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().avatar as string;
    };
    const first = await setAvatar();
    expect(await s3.keys()).toContain(`media/${nameOf(first)}`);
    expect((await fetchUrl(first)).statusCode).toBe(200);

    const second = await setAvatar();
    expect(await s3.keys()).not.toContain(`media/${nameOf(first)}`);
    expect(await s3.read(`media/${nameOf(first)}`)).toBeNull();
    expect((await fetchUrl(first)).statusCode).toBe(404);
    expect((await fetchUrl(second)).statusCode).toBe(200);
  });

  it('the seed images and their variants are uploaded to the bucket and served from it', async () => {
    const count = await publishSeedMedia(t.config);
    const images = readdirSync(SEED_ASSETS_DIR).filter((f) => /\.(png|webp)$/.test(f));
    expect(images.filter((f) => f.endsWith('.webp'))).toHaveLength(
      images.filter((f) => f.endsWith('.png')).length * MEDIA_VARIANT_WIDTHS.length,
    );
    expect(count).toBe(images.length);
    expect(await s3.keys()).toEqual(expect.arrayContaining(images.map((f) => `media/seed/${f}`)));
    const variant = await fetchUrl('/media/seed/banner-quests.w480.webp');
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe('public, max-age=86400');
    const res = await fetchUrl('/media/seed/banner-quests.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals((await s3.read('media/seed/banner-quests.png'))!)).toBe(true);
    expect((await fetchUrl('/media/seed/generate.ts')).statusCode).toBe(404);
  });

  it("an uploaded image's variants are stored in the bucket and served from it; a missing one is made there", async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6d28d9' } })
      .png()
      .toBuffer();
    const { url } = await upload(creator, photo);
    const name = nameOf(url).replace(/\.png$/, '');
    expect(await s3.keys()).toEqual(
      expect.arrayContaining(MEDIA_VARIANT_WIDTHS.map((w) => `media/${name}.w${w}.webp`)),
    );
    const variant = await fetchUrl(`/media/${name}.w320.webp`);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(320);

    // A bucket published before variants existed: the first request makes the variant from the original.
    await publishSeedMedia(t.config);
    const { DeleteObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: s3.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    await client.send(new DeleteObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: 'media/seed/cover-event.w720.webp' }));
    expect(await s3.keys()).not.toContain('media/seed/cover-event.w720.webp');
    const made = await fetchUrl('/media/seed/cover-event.w720.webp');
    expect(made.statusCode).toBe(200);
    expect((await sharp(made.rawPayload).metadata()).width).toBe(720);
    expect(await s3.keys()).toContain('media/seed/cover-event.w720.webp');
    expect(localFiles()).toEqual([]);
  });
});
