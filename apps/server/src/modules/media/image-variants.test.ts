import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_VARIANT_WIDTHS } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { multipartBody } from '../../../test/multipart.ts';

/** Decision 0017: public still images are stored and served at display widths as WebP, beside the original. */

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
});
afterAll(() => t.close());

const YEAR = 'public, max-age=31536000, immutable';
const mediaDir = () => path.join(t.config.dataDir, 'media');
const get = (url: string) => t.app.inject({ method: 'GET', url });
const variantOf = (url: string, w: number) => url.replace(/\.\w+$/, `.w${w}.webp`);

/** A photo-like image: noise, so the encoder has real work (and a PNG stays large). */
async function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png', exif = false) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) & 0xff;
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (exif) img = img.withExif({ IFD0: { Copyright: 'someone', ImageDescription: 'taken at home' } });
  return img.toFormat(format).toBuffer();
}

async function upload(bytes: Buffer, filename: string, type: string, query = '') {
  const form = multipartBody({}, [{ field: 'file', filename, bytes, type }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/club/media/upload/${query}`,
    headers: { ...member.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; mime_type: string; size: number };
}

describe('image variants', () => {
  it('an uploaded photo is stored as WebP at every display width beside the original, which is kept as sent', async () => {
    const original = await image(1600, 900, 'jpeg', true);
    const body = await upload(original, 'photo.jpg', 'image/jpeg');
    expect(body).toMatchObject({ url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.jpg$/), size: original.length });
    const name = body.url.slice('/media/'.length).replace(/\.jpg$/, '');
    expect(
      readdirSync(mediaDir())
        .filter((f) => f.startsWith(name))
        .sort(),
    ).toEqual([`${name}.jpg`, ...MEDIA_VARIANT_WIDTHS.map((w) => `${name}.w${w}.webp`)].sort());

    const served = await get(body.url);
    expect(served.rawPayload.equals(original)).toBe(true);
    expect(served.headers['cache-control']).toBe(YEAR);
    for (const w of MEDIA_VARIANT_WIDTHS) {
      const res = await get(variantOf(body.url, w));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe(YEAR);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: Math.round((w * 900) / 1600) });
      // No camera or location data in what pages show.
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.length).toBeLessThan(original.length);
    }
  });

  it('never enlarges: a small image keeps its own size in every variant', async () => {
    const body = await upload(await image(200, 100), 'small.png', 'image/png');
    for (const w of [160, 320, 1280] as const) {
      const meta = await sharp((await get(variantOf(body.url, w))).rawPayload).metadata();
      expect(meta.width).toBe(Math.min(w, 200));
    }
  });

  it('a GIF (animated or not) and a PDF are stored as they are, without variants', async () => {
    const gif = await upload(await image(300, 200, 'gif'), 'moving.gif', 'image/gif');
    const pdf = await upload(
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      'doc.pdf',
      'application/pdf',
    );
    for (const url of [gif.url, pdf.url]) {
      const name = url.slice('/media/'.length);
      expect(readdirSync(mediaDir()).filter((f) => f.startsWith(name.split('.')[0]!))).toEqual([name]);
      expect((await get(variantOf(url, 480))).statusCode).toBe(404);
    }
  });

  it('an exclusive (private) image is kept exactly as uploaded, with no variants anywhere', async () => {
    const bytes = await image(800, 600);
    const body = await upload(bytes, 'secret.png', 'image/png', '?purpose=exclusive');
    const name = body.url.replace(/^private:/, '').replace(/\.png$/, '');
    const everywhere = ['media', 'private-media'].flatMap((d) => readdirSync(path.join(t.config.dataDir, d)));
    expect(everywhere.filter((f) => f.startsWith(name))).toEqual([`${name}.png`]);
    expect((await get(`/media/${name}.w480.webp`)).statusCode).toBe(404);
  });

  it('a file stored before variants gets each one made on its first request, then served from disk', async () => {
    const name = '0123456789abcdef0123456789abcdef';
    writeFileSync(path.join(mediaDir(), `${name}.png`), await image(1000, 500));
    const variant = path.join(mediaDir(), `${name}.w480.webp`);
    expect(existsSync(variant)).toBe(false);
    const [a, b] = await Promise.all([get(`/media/${name}.w480.webp`), get(`/media/${name}.w480.webp`)]);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
    }
    expect(existsSync(variant)).toBe(true);
    expect(existsSync(path.join(mediaDir(), `${name}.w720.webp`))).toBe(false);
  });

  it('answers 404 for a width not offered, a variant of nothing, of a non-image and of a variant', async () => {
    const body = await upload(await image(640, 360), 'p.png', 'image/png');
    const name = body.url.slice('/media/'.length).replace(/\.png$/, '');
    writeFileSync(path.join(mediaDir(), 'fedcba9876543210fedcba9876543210.png'), 'not an image at all');
    for (const url of [
      `/media/${name}.w500.webp`,
      `/media/${name}.w480.png`,
      '/media/00000000000000000000000000000000.w480.webp',
      '/media/fedcba9876543210fedcba9876543210.w480.webp',
      `/media/${name}.w480.w480.webp`,
      `/media/../${name}.w480.webp`,
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('removing an upload (a replaced avatar) removes its variants too', async () => {
    const m = await createMember(t);
    const setAvatar = async () => {
      const form = multipartBody({}, [
        { field: 'avatar', filename: 'me.png', bytes: await image(400, 400), type: 'image/png' },
      ]);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/club/profiles/${m.user.id}/`,
        headers: { ...m.auth, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().avatar as string).slice('/media/'.length).replace(/\.png$/, '');
    };
    const first = await setAvatar();
    expect(readdirSync(mediaDir()).filter((f) => f.startsWith(first))).toHaveLength(1 + MEDIA_VARIANT_WIDTHS.length);
    await setAvatar();
    expect(readdirSync(mediaDir()).filter((f) => f.startsWith(first))).toEqual([]);
  });
});
