import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { ELF_BYTES, multipartBody, PNG_1PX } from '../../../test/multipart.ts';
import { media } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/v1/club/media/upload/';
async function upload(auth: { authorization: string }, bytes: Buffer, filename = 'x.png', field = 'file') {
  const form = multipartBody({}, [{ field, filename, bytes, type: 'image/png' }]);
  return t.app.inject({ method: 'POST', url, headers: { ...auth, ...form.headers }, payload: form.payload });
}

describe('POST media/upload/', () => {
  it('stores an image under a random name, records it and serves it with nosniff', async () => {
    const m = await createMember(t);
    const res = await upload(m.auth, PNG_1PX, 'photo.png');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/),
      mime_type: 'image/png',
      size: PNG_1PX.length,
    });
    const [row] = await t.db.select().from(media).where(eq(media.id, body.id));
    expect(row).toMatchObject({ ownerId: m.user.id, mimeType: 'image/png', sizeBytes: PNG_1PX.length });
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('reads the type from the bytes: a renamed executable, SVG and HTML are refused with 415', async () => {
    const m = await createMember(t);
    for (const [bytes, name] of [
      [ELF_BYTES, 'x.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
      [Buffer.from('<!doctype html><html><body>hi</body></html>'), 'x.jpg'],
    ] as const) {
      const res = await upload(m.auth, bytes, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().detail).toBe('Unsupported file type. Only images, videos, and PDFs are allowed.');
    }
    expect(await t.db.select().from(media).where(eq(media.ownerId, m.user.id))).toEqual([]);
  });

  it('refuses a file over 30 MB with 413', async () => {
    const m = await createMember(t);
    const res = await upload(m.auth, Buffer.concat([PNG_1PX, Buffer.alloc(31 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('File size exceeds the maximum allowed (30MB)');
  });

  it('refuses a request without a file, and without a token', async () => {
    const m = await createMember(t);
    const res = await upload(m.auth, PNG_1PX, 'x.png', 'other');
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
  });

  it('limits each member to 10 uploads a minute (429 with Retry-After)', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    for (let i = 0; i < 10; i++) expect((await upload(m.auth, PNG_1PX)).statusCode).toBe(201);
    const eleventh = await upload(m.auth, PNG_1PX);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().detail).toBe('Upload rate limit exceeded. Please try again later.');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(other.auth, PNG_1PX)).statusCode).toBe(201);
  });
});
