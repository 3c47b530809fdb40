import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { multipartBody, PNG_1PX } from '../../../test/multipart.ts';
import { perks } from '../../db/schema/index.ts';
import { getMemberWallet, mint } from '../wallet/wallet.service.ts';
import { createPrivateMediaLinks } from '../../lib/private-media-links.ts';

/** Issue #12 item 13: a perk's exclusive file is never public and reaches only its creator and redeemers. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let buyer: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createMember(t);
  buyer = await createMember(t);
  stranger = await createMember(t);
  for (const m of [buyer, stranger]) {
    const w = await getMemberWallet(t.db, m.user.id);
    await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
  }
});
afterAll(() => t.close());

const api = '/api/v1/club';
const { post, get, patch } = clubRequests(() => t.app);
/** Distinct PNGs (bytes after IEND keep the type), so a served file can be told apart. */
const COVER = Buffer.concat([PNG_1PX, Buffer.from('public cover')]);
const SECRET = Buffer.concat([PNG_1PX, Buffer.from('exclusive bytes only buyers may see')]);
const SIGNED = /^\/api\/v1\/club\/media\/private\/([0-9a-f]{32}\.png)\?exp=\d+&sig=[\w-]+$/;
const fields = {
  title: 'Behind the scenes photos',
  description: 'The photos from our last shoot, for members only.',
  cost_amount: '10',
  perk_type: 'exclusive_content',
};

async function multipartPerk(by: Member, extra: Record<string, string>, files: Parameters<typeof multipartBody>[1]) {
  const form = multipartBody({ ...fields, ...extra }, files);
  return t.app.inject({
    method: 'POST',
    url: `${api}/perks/`,
    headers: { ...by.auth, ...form.headers },
    payload: form.payload,
  });
}

async function uploadExclusive(by: Member, bytes: Buffer, via: 'query' | 'field' = 'query', type = 'image/png') {
  const form = multipartBody(via === 'field' ? { purpose: 'exclusive' } : {}, [
    { field: 'file', filename: 'secret.png', bytes, type },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${api}/media/upload/${via === 'query' ? '?purpose=exclusive' : ''}`,
    headers: { ...by.auth, ...form.headers },
    payload: form.payload,
  });
}

const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A perk made by multipart with a public cover and a private exclusive image; returns its creator's view. */
async function perkWithExclusiveFile(by: Member = creator) {
  const res = await multipartPerk(by, { exclusive_content: JSON.stringify({ content_type: 'images' }) }, [
    { field: 'media', filename: 'cover.png', bytes: COVER, type: 'image/png' },
    { field: 'exclusive_media', filename: 'secret.png', bytes: SECRET, type: 'image/png' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json();
  const signed = p.content.exclusive_content.permanent_media_url as string;
  const name = SIGNED.exec(signed)?.[1];
  expect(name, signed).toBeDefined();
  return { id: p.id as string, cover: p.media as string, signed, name: name! };
}

describe('exclusive files are private', () => {
  it('multipart create with only a `media` file: the public cover never becomes the exclusive content', async () => {
    const res = await multipartPerk(creator, { exclusive_content: JSON.stringify({ content_type: 'images' }) }, [
      { field: 'media', filename: 'cover.png', bytes: COVER, type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({
      'exclusive_content.permanent_media_url': ['Media content is required. Please upload a file.'],
    });
    expect(await t.db.select().from(perks).where(eq(perks.title, fields.title))).toEqual([]);
  });

  it('exclusive_media is stored apart from /media: the creator gets a signed URL that serves it, /media does not', async () => {
    const p = await perkWithExclusiveFile();
    expect(p.cover).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const [row] = await t.db.select().from(perks).where(eq(perks.id, p.id));
    expect(row!.exclusiveContent).toEqual({ content_type: 'images', permanent_media_url: `private:${p.name}` });
    expect(existsSync(path.join(t.config.dataDir, 'media', p.name))).toBe(false);
    expect(readdirSync(path.join(t.config.dataDir, 'private-media'))).toContain(p.name);

    expect((await fetchUrl(`/media/${p.name}`)).statusCode).toBe(404);
    const cover = await fetchUrl(p.cover);
    expect(cover.rawPayload.equals(COVER)).toBe(true);

    const served = await fetchUrl(p.signed);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SECRET)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const range = await fetchUrl(p.signed, { range: 'bytes=0-7' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(SECRET.subarray(0, 8))).toBe(true);
  });

  it('a member who has not redeemed cannot reach the file by any URL they can learn', async () => {
    const p = await perkWithExclusiveFile();
    const detail = await get(stranger, `/perks/${p.id}/`);
    expect(detail.json().content).toBeNull();
    expect(detail.body).not.toContain(p.name);
    expect((await get(stranger, `/perks/${p.id}/content/`)).json()).toEqual({ has_purchased: false, content: null });

    const privatePath = `${api}/media/private/${p.name}`;
    const exp = new URL(p.signed, 'http://x').searchParams.get('exp')!;
    const sig = new URL(p.signed, 'http://x').searchParams.get('sig')!;
    const other = await perkWithExclusiveFile();
    const otherSig = new URL(other.signed, 'http://x').searchParams.get('sig')!;
    const expiredSigned = createPrivateMediaLinks(t.config.jwtSecret, () => new Date(Date.now() - 2 * 3600_000));
    const wrongKey = createPrivateMediaLinks('another-secret-another-secret-0123456789', () => new Date());
    for (const [url, status] of [
      [`/media/${p.name}`, 404],
      [`/media/private-media/${p.name}`, 404],
      [`/private-media/${p.name}`, 404],
      [privatePath, 403],
      [`${privatePath}?exp=${exp}`, 403],
      [`${privatePath}?exp=${exp}&sig=AAAA`, 403],
      [`${privatePath}?exp=${Number(exp) + 3600}&sig=${sig}`, 403],
      [`${privatePath}?exp=${exp}&sig=${otherSig}`, 403],
      [expiredSigned.urlFor(`private:${p.name}`), 403],
      [wrongKey.urlFor(`private:${p.name}`), 403],
      [`${api}/media/private/..%2F..%2Fmedia%2F${p.name}?exp=${exp}&sig=${sig}`, 404],
    ] as const) {
      const res = await fetchUrl(url, stranger.auth);
      expect(res.statusCode, url).toBe(status);
      expect(res.rawPayload.includes(SECRET.subarray(PNG_1PX.length)), url).toBe(false);
    }
    // A link handed out expires: an hour and a quarter later the same URL is refused.
    t.advance(76 * 60_000);
    try {
      expect((await fetchUrl(p.signed)).statusCode).toBe(403);
    } finally {
      t.advance(-76 * 60_000);
    }
  });

  it('after redeeming, the signed URL in the redeem, detail, content and my_redemptions answers serves the bytes', async () => {
    const p = await perkWithExclusiveFile();
    const redeemed = await post(buyer, `/perks/${p.id}/redeem/`);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const urls = [
      redeemed.json().content.exclusive_content.permanent_media_url,
      (await get(buyer, `/perks/${p.id}/`)).json().content.exclusive_content.permanent_media_url,
      (await get(buyer, `/perks/${p.id}/content/`)).json().content.exclusive_content.permanent_media_url,
      (await get(buyer, '/perks/my_redemptions/')).json().results[0].content.exclusive_content.permanent_media_url,
    ] as string[];
    for (const url of urls) {
      expect(url).toMatch(SIGNED);
      const res = await fetchUrl(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(SECRET)).toBe(true);
    }
    // The creator's Manage Perks carries it signed too.
    const mine = (await get(creator, '/perks/my_perks/')).json().results.find((r: { id: string }) => r.id === p.id);
    expect(mine.exclusive_content.permanent_media_url).toMatch(SIGNED);
    expect(mine.has_media_issue).toBe(false);
  });
});

describe('POST media/upload/ with purpose=exclusive', () => {
  it('stores privately and answers a reference that grants nothing; the uploader can put it in a perk', async () => {
    for (const via of ['query', 'field'] as const) {
      const up = await uploadExclusive(creator, SECRET, via);
      expect(up.statusCode, up.body).toBe(201);
      const ref = up.json().url as string;
      expect(ref).toMatch(/^private:[0-9a-f]{32}\.png$/);
      const name = ref.slice('private:'.length);
      expect((await fetchUrl(`/media/${name}`)).statusCode).toBe(404);
      expect((await fetchUrl(`${api}/media/private/${name}`, creator.auth)).statusCode).toBe(403);

      const made = await post(creator, '/perks/', {
        ...fields,
        exclusive_content: { content_type: 'images', media_urls: [ref] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const ec = made.json().content.exclusive_content;
      expect(ec.media_urls[0]).toMatch(SIGNED);
      expect(ec.permanent_media_url).toBeNull();
      expect((await fetchUrl(ec.media_urls[0])).rawPayload.equals(SECRET)).toBe(true);
    }
  });

  it('takes images and video only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await uploadExclusive(creator, pdf, 'query', 'application/pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Only image and video files are supported');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${api}/media/upload/?purpose=public`,
      headers: {
        ...creator.auth,
        ...multipartBody({}, [{ field: 'file', filename: 'a.png', bytes: PNG_1PX }]).headers,
      },
      payload: multipartBody({}, [{ field: 'file', filename: 'a.png', bytes: PNG_1PX }]).payload,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('what exclusive images and video may name', () => {
  it('another creator cannot reference someone else’s private file, by reference or by signed URL', async () => {
    const p = await perkWithExclusiveFile();
    for (const url of [`private:${p.name}`, p.signed]) {
      const res = await post(stranger, '/perks/', {
        ...fields,
        exclusive_content: { content_type: 'images', permanent_media_url: url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual({
        'exclusive_content.permanent_media_url': ['Exclusive media must be a file you uploaded'],
      });
    }
    const own = await perkWithExclusiveFile(stranger);
    const steal = await patch(stranger, `/perks/${own.id}/`, {
      exclusive_content: { content_type: 'images', media_urls: [`private:${p.name}`] },
    });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().errors).toEqual({
      'exclusive_content.media_urls': ['Exclusive media must be a file you uploaded'],
    });
    const unknown = await post(creator, '/perks/', {
      ...fields,
      exclusive_content: { content_type: 'video', permanent_media_url: `private:${'0'.repeat(32)}.mp4` },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses public /media files and outside addresses for images and video; a link stays a link', async () => {
    const cover = (
      await multipartPerk(creator, { exclusive_content: JSON.stringify({ content_type: 'text', text_body: 'x' }) }, [
        { field: 'media', filename: 'cover.png', bytes: COVER, type: 'image/png' },
      ])
    ).json().media as string;
    for (const [content, field] of [
      [{ content_type: 'images', permanent_media_url: cover }, 'exclusive_content.permanent_media_url'],
      [{ content_type: 'video', media_urls: ['https://cdn.example.com/v.mp4'] }, 'exclusive_content.media_urls'],
    ] as const) {
      const res = await post(creator, '/perks/', { ...fields, exclusive_content: content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json().errors).toEqual({
        [field]: ['Exclusive images and video must be uploaded as exclusive media, not given as a public address'],
      });
    }
    const link = await post(creator, '/perks/', {
      ...fields,
      exclusive_content: { content_type: 'link', external_link: 'https://example.com/download' },
    });
    expect(link.statusCode, link.body).toBe(201);
    // A private file is never a cover.
    const up = (await uploadExclusive(creator, SECRET)).json().url as string;
    const asCover = await post(creator, '/perks/', {
      ...fields,
      media: up,
      exclusive_content: { content_type: 'images', media_urls: [up] },
    });
    expect(asCover.statusCode).toBe(400);
    expect(Object.keys(asCover.json().errors)).toEqual(['media']);
  });

  it('the creator edits with the signed URL they received and keeps the same private file', async () => {
    const p = await perkWithExclusiveFile();
    const detail = (await get(creator, `/perks/${p.id}/details/`)).json();
    const res = await patch(creator, `/perks/${p.id}/`, {
      exclusive_content: { ...detail.content.exclusive_content, media_urls: [p.signed] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(perks).where(eq(perks.id, p.id));
    expect(row!.exclusiveContent).toEqual({
      content_type: 'images',
      media_urls: [`private:${p.name}`],
      permanent_media_url: `private:${p.name}`,
    });
  });

  it('Manage Perks flags exclusive media saved as public files before they were private', async () => {
    const mine = await createMember(t);
    const p = await perkWithExclusiveFile(mine);
    await t.db
      .update(perks)
      .set({ exclusiveContent: { content_type: 'images', permanent_media_url: '/media/legacy.png' } })
      .where(eq(perks.id, p.id));
    const rows = (await get(mine, '/perks/my_perks/')).json().results as Array<{ has_media_issue: boolean }>;
    expect(rows.map((r) => r.has_media_issue)).toEqual([true]);
  });
});
