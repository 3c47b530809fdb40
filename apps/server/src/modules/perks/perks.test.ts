import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { ELF_BYTES, multipartBody, PNG_1PX } from '../../../test/multipart.ts';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.ts';
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-signing.ts';
import {
  featuredItems,
  notifications,
  perkRedemptions,
  perks,
  profiles,
  tags,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet, mint, systemBalance } from '../wallet/wallet.service.ts';

let t: TestApp;
let fake: FakeTelegram;
type Member = Awaited<ReturnType<typeof createMember>>;
let creator: Member;
let member: Member;
let other: Member;
beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await createTestApp({ telegramApiRoot: fake.apiRoot });
  creator = await createMember(t);
  member = await createMember(t);
  other = await createMember(t);
  const w = await getMemberWallet(t.db, member.user.id);
  await t.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const api = '/api/v1/club';
const future = () => new Date(Date.now() + 86_400_000).toISOString();
const balance = async (m: Member) => (await getMemberWallet(t.db, m.user.id)).balance;
const expectLedgerOk = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);

const SECRET = {
  invite: 'https://t.me/+SecretInviteHash42',
  code: 'SECRET-CODE-9911',
  event: 'Secret venue: Pier 7, door code 4481',
  text: 'Secret exclusive text body 5521',
};

const base = {
  title: 'Members discount',
  description: 'Twenty percent off everything in the shop.',
  cost_amount: '50.00',
  perk_type: 'discount_code',
  discount_code: SECRET.code,
};
async function createPerk(by: Member, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${api}/perks/`,
    headers: by.auth,
    payload: { ...base, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; [k: string]: unknown };
}
const { post, get, patch, del } = clubRequests(() => t.app);
/** An exclusive file uploaded privately by `by`: its `private:` reference (item 13 of issue #12). */
async function privateUpload(by: Member) {
  const form = multipartBody({}, [{ field: 'file', filename: 'secret.png', bytes: PNG_1PX, type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${api}/media/upload/?purpose=exclusive`,
    headers: { ...by.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}
const signedPrivate = /^\/api\/v1\/club\/media\/private\/[0-9a-f]{32}\.png\?exp=\d+&sig=[\w-]+$/;

describe('POST perks/', () => {
  it('creates an active, unverified perk owned by the caller and returns the detail with content for the creator', async () => {
    const [tag] = await t.db.insert(tags).values({ name: 'Shop' }).returning();
    const p = await createPerk(creator, {
      tags: [tag!.id],
      max_participants: 5,
      deadline: future(),
      is_verified: true,
      status: 'active',
      terms_and_conditions: 'One per member.',
    });
    expect(p).toMatchObject({
      title: base.title,
      cost_amount: '50.00',
      status: 'active',
      perk_type: 'discount_code',
      creator: creator.user.id,
      is_creator: true,
      is_verified: false,
      purchased_count: 0,
      max_participants: 5,
      is_redeemed: false,
      terms_and_conditions: 'One per member.',
      tags: [{ id: tag!.id, name: 'Shop' }],
      content: { perk_type: 'discount_code', discount_code: SECRET.code },
    });
    const [row] = await t.db.select().from(perks).where(eq(perks.id, p.id));
    expect(row).toMatchObject({ creatorId: creator.user.id, isVerified: false, costAmount: 5000 });
  });

  it.each([
    [{ perk_type: 'telegram_invite', discount_code: undefined }, 'Telegram invite link is required'],
    [{ perk_type: 'discount_code', discount_code: '' }, 'Discount code is required'],
    [{ perk_type: 'event_invitation' }, 'Event details are required'],
    [{ perk_type: 'exclusive_content' }, 'Content is required'],
    [{ perk_type: 'exclusive_content', exclusive_content: { content_type: 'text' } }, 'Text content is required'],
    [{ perk_type: 'exclusive_content', exclusive_content: { content_type: 'link' } }, 'External link is required'],
    [
      {
        perk_type: 'exclusive_content',
        exclusive_content: { content_type: 'link', external_link: 'javascript:alert(1)' },
      },
      'External link must be an http(s) address',
    ],
    [
      {
        perk_type: 'exclusive_content',
        exclusive_content: { content_type: 'images', media_urls: ['blob:http://x/1'] },
      },
      'Media content is required. Please upload a file.',
    ],
    [
      {
        perk_type: 'exclusive_content',
        exclusive_content: { content_type: 'video', permanent_media_url: 'file:///etc/passwd' },
      },
      'Media must be a URL returned by media/upload/ or an http(s) address',
    ],
    [{ perk_type: undefined }, 'Perk type is required'],
    [{ title: 'Abcd' }, 'Title must be at least 5 characters'],
    [{ description: 'Too short' }, 'Description must be at least 10 characters'],
    [{ cost_amount: '0' }, 'Cost amount must be greater than zero'],
    [{ cost_amount: -5 }, 'Cost amount must be greater than zero'],
    [{ cost_amount: undefined }, 'Please fill in Title, Description, and Cost Amount.'],
    [{ title: undefined }, 'Please fill in Title, Description, and Cost Amount.'],
    [{ deadline: new Date(Date.now() - 60_000).toISOString() }, 'Deadline cannot be in the past'],
    [{ max_participants: 0 }, 'Max participants must be at least 1'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const res = await post(creator, '/perks/', { ...base, ...overrides });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it('accepts an empty max_participants as unlimited', async () => {
    const p = await createPerk(creator, { max_participants: '' });
    expect(p.max_participants).toBeNull();
  });

  it('removes blob: addresses from media_urls and keeps usable ones', async () => {
    const [a, b] = [await privateUpload(creator), await privateUpload(creator)];
    const p = await createPerk(creator, {
      perk_type: 'exclusive_content',
      discount_code: undefined,
      exclusive_content: { content_type: 'images', media_urls: ['blob:http://localhost/abc', a, b] },
    });
    expect((p.content as { exclusive_content: unknown }).exclusive_content).toEqual({
      content_type: 'images',
      media_urls: [expect.stringMatching(signedPrivate), expect.stringMatching(signedPrivate)],
      permanent_media_url: null,
    });
    const [row] = await t.db.select().from(perks).where(eq(perks.id, p.id));
    expect(row!.exclusiveContent?.media_urls).toEqual([a, b]);
  });

  it('accepts multipart with a media file and JSON-string fields; the exclusive file (private) becomes permanent_media_url', async () => {
    const [tag] = await t.db.insert(tags).values({ name: 'Multipart' }).returning();
    const form = multipartBody(
      {
        title: 'Behind the scenes video',
        description: 'A short film about how we make things.',
        cost_amount: '12.5',
        perk_type: 'exclusive_content',
        tags: JSON.stringify([tag!.id]),
        exclusive_content: JSON.stringify({ content_type: 'images', media_urls: ['blob:http://localhost/x'] }),
      },
      [
        { field: 'media', filename: 'cover.png', bytes: PNG_1PX, type: 'image/png' },
        { field: 'exclusive_media', filename: 'secret.png', bytes: PNG_1PX, type: 'image/png' },
      ],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/perks/`,
      headers: { ...creator.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p.cost_amount).toBe('12.50');
    expect(p.media).toMatch(/^\/media\//);
    expect(p.tags).toEqual([{ id: tag!.id, name: 'Multipart' }]);
    const ec = p.content.exclusive_content;
    expect(ec.permanent_media_url).toMatch(signedPrivate);
    expect(ec.media_urls).toBeUndefined();
  });

  it('refuses an exclusive file that is not an image or video (type read from the bytes)', async () => {
    const form = multipartBody(
      {
        ...base,
        perk_type: 'exclusive_content',
        exclusive_content: JSON.stringify({ content_type: 'video' }),
      },
      [{ field: 'exclusive_media', filename: 'clip.mp4', bytes: ELF_BYTES, type: 'video/mp4' }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/perks/`,
      headers: { ...creator.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Only image and video files are supported');
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${api}/perks/`, payload: base });
    expect(res.statusCode).toBe(401);
  });
});

describe('reading perks', () => {
  it('GET perks/{id}/ and details/: non-UUID → 400, unknown or hidden → 404', async () => {
    const bad = await get(member, '/perks/not-a-uuid/details/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Invalid ID format');
    const unknown = await get(member, '/perks/00000000-0000-4000-8000-000000000000/');
    expect(unknown.statusCode).toBe(404);
    const p = await createPerk(creator);
    await t.db.update(perks).set({ isHidden: true }).where(eq(perks.id, p.id));
    expect((await get(member, `/perks/${p.id}/details/`)).statusCode).toBe(404);
    expect((await get(member, `/perks/${p.id}/`)).statusCode).toBe(404);
  });

  it("GET perks/{id}/ names its creator with their avatar (the profile's, else the Telegram photo)", async () => {
    const p = await createPerk(creator);
    const shown = async () => (await get(member, `/perks/${p.id}/`)).json() as Record<string, unknown>;
    expect(await shown()).toMatchObject({ creator: creator.user.id, creator_avatar: null });
    expect((await shown()).creator_name).not.toMatch(/^User /);
    await t.db
      .update(users)
      .set({ telegramPhotoUrl: 'https://t.me/i/userpic/320/creator.jpg' })
      .where(eq(users.id, creator.user.id));
    expect((await shown()).creator_avatar).toBe('https://t.me/i/userpic/320/creator.jpg');
    await t.db.update(profiles).set({ avatar: '/media/creator.png' }).where(eq(profiles.id, creator.user.id));
    expect((await shown()).creator_avatar).toBe('/media/creator.png');
  });

  it('GET perks/ lists active, visible perks with search, type, tags and ordering', async () => {
    const [tag] = await t.db.insert(tags).values({ name: 'ListTag' }).returning();
    const a = await createPerk(creator, { title: 'Zebra listing perk', cost_amount: '5', tags: [tag!.id] });
    const b = await createPerk(creator, { title: 'Zebra listing expensive', cost_amount: '500' });
    const c = await createPerk(creator, { title: 'Zebra listing inactive' });
    await patch(creator, `/perks/${c.id}/`, { status: 'inactive' });
    const res = await get(member, '/perks/?search=zebra%20listing&ordering=-cost_amount');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    const asc = await get(member, '/perks/?search=zebra%20listing&ordering=cost_amount');
    expect(asc.json().results.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    const tagged = await get(member, `/perks/?tags=${tag!.id}`);
    expect(tagged.json().results.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const typed = await get(member, '/perks/?perk_type=event_invitation&search=zebra');
    expect(typed.json().count).toBe(0);
    const paged = await get(member, '/perks/?search=zebra%20listing&page_size=1');
    expect(paged.json()).toMatchObject({ count: 2 });
    expect(paged.json().next).toContain('page=2');
  });

  it('GET perks/my_perks/ lists the caller’s perks in every state, with has_media_issue', async () => {
    const mine = await createMember(t);
    const p = await createPerk(mine, { title: 'My inactive perk' });
    await patch(mine, `/perks/${p.id}/`, { status: 'inactive' });
    const ex = await createPerk(mine, {
      perk_type: 'exclusive_content',
      exclusive_content: { content_type: 'images', permanent_media_url: await privateUpload(mine) },
    });
    // Legacy data from before the server cleaned blob addresses.
    await t.db
      .update(perks)
      .set({ exclusiveContent: { content_type: 'video', media_urls: ['blob:http://x/1'], permanent_media_url: null } })
      .where(eq(perks.id, ex.id));
    const res = await get(mine, '/perks/my_perks/');
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as Array<{ id: string; status: string; has_media_issue: boolean }>;
    expect(rows.map((r) => [r.id, r.status, r.has_media_issue])).toEqual([
      [ex.id, 'active', true],
      [p.id, 'inactive', false],
    ]);
    // Fixing it through PATCH (Fix Media Issues) clears the flag.
    const fix = await patch(mine, `/perks/${ex.id}/`, {
      exclusive_content: { content_type: 'images', media_urls: ['blob:http://x/1', await privateUpload(mine)] },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const again = await get(mine, '/perks/my_perks/');
    expect(again.json().results[0].has_media_issue).toBe(false);
  });
});

describe('secret fields', () => {
  it('never reach a member who has not redeemed: list, detail, details, content, home, featured', async () => {
    const made = [
      await createPerk(creator, {
        perk_type: 'telegram_invite',
        telegram_url: SECRET.invite,
        discount_code: undefined,
      }),
      await createPerk(creator, { perk_type: 'discount_code' }),
      await createPerk(creator, { perk_type: 'event_invitation', event_details: SECRET.event }),
      await createPerk(creator, {
        perk_type: 'exclusive_content',
        exclusive_content: { content_type: 'text', text_body: SECRET.text },
      }),
    ];
    for (const p of made) await t.db.insert(featuredItems).values({ placement: 'featured', perkId: p.id });
    const bodies: string[] = [];
    bodies.push((await get(other, '/perks/?page_size=100')).body);
    bodies.push((await get(other, '/perks/my_perks/')).body);
    bodies.push((await get(other, '/homepage/complete/')).body);
    bodies.push((await get(other, '/featured-perks/')).body);
    for (const p of made) {
      for (const path of [`/perks/${p.id}/`, `/perks/${p.id}/details/`, `/perks/${p.id}/content/`]) {
        const res = await get(other, path);
        expect(res.statusCode, path).toBe(200);
        bodies.push(res.body);
      }
    }
    const all = bodies.join('\n');
    expect(all).toContain(made[0]!.id);
    for (const s of Object.values(SECRET)) expect(all).not.toContain(s);
    const content = await get(other, `/perks/${made[1]!.id}/content/`);
    expect(content.json()).toEqual({ has_purchased: false, content: null });
  });
});

describe('PATCH and DELETE perks/{id}/', () => {
  it('only the creator may change or delete, and only the listed fields', async () => {
    const p = await createPerk(creator);
    const denied = await patch(member, `/perks/${p.id}/`, { title: 'Hijacked title' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe("You don't have permission to perform this action.");
    expect((await del(member, `/perks/${p.id}/`)).statusCode).toBe(403);
    for (const field of ['is_verified', 'creator', 'purchased_count', 'perk_type', 'status_x']) {
      const res = await patch(creator, `/perks/${p.id}/`, { [field]: true });
      expect(res.statusCode, field).toBe(400);
    }
    expect((await patch(creator, `/perks/${p.id}/`, { status: 'sold_out' })).statusCode).toBe(400);
    expect((await patch(creator, `/perks/${p.id}/`, { telegram_url: 'https://t.me/x' })).json().detail).toBe(
      'This field does not apply to this perk type.',
    );
    expect((await patch(creator, `/perks/${p.id}/`, { discount_code: '' })).json().detail).toBe(
      'Discount code is required',
    );
    const ok = await patch(creator, `/perks/${p.id}/`, {
      title: 'Members discount, improved',
      cost_amount: '75',
      discount_code: 'NEWCODE',
      max_participants: 3,
      deadline: null,
      status: 'inactive',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      title: 'Members discount, improved',
      cost_amount: '75.00',
      max_participants: 3,
      status: 'inactive',
      content: { discount_code: 'NEWCODE' },
    });
    const [row] = await t.db.select().from(perks).where(eq(perks.id, p.id));
    expect(row).toMatchObject({ creatorId: creator.user.id, isVerified: false, discountCode: 'NEWCODE' });
  });

  it('max_participants cannot go below purchased_count', async () => {
    const p = await createPerk(creator, { max_participants: 5 });
    expect((await post(member, `/perks/${p.id}/redeem/`)).statusCode).toBe(200);
    const res = await patch(creator, `/perks/${p.id}/`, { max_participants: 0 });
    expect(res.statusCode).toBe(400);
    const low = await patch(creator, `/perks/${p.id}/`, { max_participants: 1 });
    expect(low.statusCode, low.body).toBe(200);
  });

  it('delete keeps what redeemers received', async () => {
    const p = await createPerk(creator, { discount_code: 'KEEP-AFTER-DELETE' });
    expect((await post(member, `/perks/${p.id}/redeem/`)).statusCode).toBe(200);
    const res = await del(creator, `/perks/${p.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await get(member, `/perks/${p.id}/`)).statusCode).toBe(404);
    const mine = await get(member, '/perks/my_redemptions/?page_size=100');
    const kept = (mine.json().results as Array<{ perk: string | null; perk_title: string; content: unknown }>).find(
      (r) => r.perk === null && r.perk_title === base.title,
    );
    expect(kept?.content).toMatchObject({ discount_code: 'KEEP-AFTER-DELETE' });
    // The transaction still names what was bought.
    const w = await getMemberWallet(t.db, member.user.id);
    const tx = await get(member, `/wallets/${w.id}/transactions/?transaction_type=perk_redemption&page_size=100`);
    expect(
      tx
        .json()
        .results.some(
          (r: { related_entity_id: string; related_entity_title: string }) =>
            r.related_entity_id === p.id && r.related_entity_title === base.title,
        ),
    ).toBe(true);
    await expectLedgerOk();
  });

  it('purchasers: creator only, lists members who redeemed with the time', async () => {
    const p = await createPerk(creator);
    expect((await post(member, `/perks/${p.id}/redeem/`)).statusCode).toBe(200);
    expect((await get(member, `/perks/${p.id}/purchasers/`)).statusCode).toBe(403);
    const res = await get(creator, `/perks/${p.id}/purchasers/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(1);
    expect(res.json().results[0]).toMatchObject({ user: { id: member.user.id } });
    expect(Date.parse(res.json().results[0].redeemed_at)).not.toBeNaN();
  });
});

describe('POST perks/{id}/redeem/', () => {
  it('moves the cost to the creator, reveals the content to the redeemer only, notifies the creator', async () => {
    const p = await createPerk(creator, { perk_type: 'event_invitation', event_details: 'Meet at the gate 12' });
    const [mb, cb] = [await balance(member), await balance(creator)];
    const res = await post(member, `/perks/${p.id}/redeem/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      detail: "You've successfully redeemed the perk.",
      content: { perk_type: 'event_invitation', event_details: 'Meet at the gate 12' },
      perk: { id: p.id, is_redeemed: true, is_available: false, purchased_count: 1 },
      balance: ((mb - 5000) / 100).toFixed(2),
    });
    expect(await balance(member)).toBe(mb - 5000);
    expect(await balance(creator)).toBe(cb + 5000);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, body.transaction_id));
    expect(tx).toMatchObject({ transactionType: 'perk_redemption', amount: 5000, relatedEntityId: p.id });
    const note = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.title, 'Your perk was redeemed')));
    expect(note.length).toBeGreaterThan(0);
    expect(note.at(-1)!.notificationType).toBe('transaction');
    const detail = await get(member, `/perks/${p.id}/details/`);
    expect(detail.json()).toMatchObject({ is_redeemed: true, content: { event_details: 'Meet at the gate 12' } });
    expect(detail.json().redeemed_at).not.toBeNull();
    expect((await get(member, `/perks/${p.id}/content/`)).json()).toMatchObject({ has_purchased: true });
    expect((await get(other, `/perks/${p.id}/`)).body).not.toContain('Meet at the gate 12');
    await expectLedgerOk();
  });

  it('purchase/ is the same action', async () => {
    const p = await createPerk(creator);
    const res = await post(member, `/perks/${p.id}/purchase/`);
    expect(res.statusCode).toBe(200);
    expect((await post(member, `/perks/${p.id}/redeem/`)).statusCode).toBe(409);
  });

  it('refuses with the spec’s messages, and nothing moves', async () => {
    const mb = await balance(member);
    const cases: Array<[() => Promise<string>, Member, number, string | RegExp]> = [
      [
        async () => (await createPerk(creator)).id,
        creator,
        400,
        "You're the creator of this perk and can't redeem it.",
      ],
      [
        async () => {
          const p = await createPerk(creator);
          await patch(creator, `/perks/${p.id}/`, { status: 'inactive' });
          return p.id;
        },
        member,
        400,
        'This perk is not active (status: inactive).',
      ],
      [
        async () => {
          const p = await createPerk(creator, { deadline: new Date(Date.now() + 60_000).toISOString() });
          await t.db
            .update(perks)
            .set({ deadline: new Date(Date.now() - 1000) })
            .where(eq(perks.id, p.id));
          return p.id;
        },
        member,
        400,
        'This perk has expired.',
      ],
      [
        async () => {
          const p = await createPerk(creator, { max_participants: 1 });
          expect((await post(other, `/perks/${p.id}/redeem/`)).statusCode).toBe(200);
          return p.id;
        },
        member,
        409,
        /^Out of Stock/,
      ],
      [
        async () => (await createPerk(creator, { cost_amount: '250.75' })).id,
        other,
        400,
        /^Insufficient Points\. You need 250 W points, but you only have \d+\.$/,
      ],
    ];
    for (const [make, who, status, message] of cases) {
      const id = await make();
      const before = await balance(who);
      const res = await post(who, `/perks/${id}/redeem/`);
      expect(res.statusCode, res.body).toBe(status);
      if (typeof message === 'string') expect(res.json().detail).toBe(message);
      else expect(res.json().detail).toMatch(message);
      expect(await balance(who)).toBe(before);
    }
    expect(await balance(member)).toBe(mb);
    const p = await createPerk(creator);
    expect((await post(member, `/perks/${p.id}/redeem/`)).statusCode).toBe(200);
    const again = await post(member, `/perks/${p.id}/redeem/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already redeemed this perk.');
    expect((await post(member, '/perks/00000000-0000-4000-8000-000000000000/redeem/')).statusCode).toBe(404);
    await expectLedgerOk();
  });

  it('insufficient message uses whole W of the balance', async () => {
    const poor = await createMember(t); // welcome bonus only
    const p = await createPerk(creator, { cost_amount: '100.01' });
    const w = await getMemberWallet(t.db, poor.user.id);
    const res = await post(poor, `/perks/${p.id}/redeem/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      `Insufficient Points. You need 100 W points, but you only have ${Math.trunc(w.balance / 100)}.`,
    );
  });

  it('a perk without a creator pays the system account', async () => {
    const [row] = await t.db
      .insert(perks)
      .values({
        title: 'Staff perk',
        description: 'Made by staff.',
        perkType: 'discount_code',
        costAmount: 700,
        discountCode: 'STAFF',
      })
      .returning();
    const before = await systemBalance(t.db);
    const res = await post(member, `/perks/${row!.id}/redeem/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().perk.creator_name).toBe('Admin');
    expect((await systemBalance(t.db)) - before).toBe(700);
    await expectLedgerOk();
  });

  it('honours Idempotency-Key: a repeat returns the first response without charging again', async () => {
    const p = await createPerk(creator);
    const before = await balance(member);
    const h = { 'idempotency-key': `redeem-${p.id}` };
    const first = await post(member, `/perks/${p.id}/redeem/`, undefined, h);
    const second = await post(member, `/perks/${p.id}/redeem/`, undefined, h);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().transaction_id).toBe(first.json().transaction_id);
    expect(await balance(member)).toBe(before - 5000);
  });

  it('telegram_invite on a chat the bot administers: a single-use link per member, made after the commit', async () => {
    fake.addChat({ username: 'wynvip', botStatus: 'administrator' });
    const p = await createPerk(creator, {
      perk_type: 'telegram_invite',
      telegram_url: 'https://t.me/wynvip',
      discount_code: undefined,
    });
    const [row] = await t.db.select().from(perks).where(eq(perks.id, p.id));
    expect(row!.telegramChatId).not.toBeNull();
    const res = await post(member, `/perks/${p.id}/redeem/`);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().content.invite_link as string;
    expect(link).toMatch(/^https:\/\/t\.me\/\+fake\d+$/);
    expect(res.json().content.telegram_url).toBe(link);
    const call = fake.calls.filter((c) => c.method === 'createChatInviteLink').at(-1);
    expect(Number(call!.params.member_limit)).toBe(1);
    const [red] = await t.db
      .select()
      .from(perkRedemptions)
      .where(and(eq(perkRedemptions.perkId, p.id), eq(perkRedemptions.userId, member.user.id)));
    expect(red!.deliveredContent.invite_link).toBe(link);
    expect((await get(member, `/perks/${p.id}/details/`)).json().content.invite_link).toBe(link);
    const second = await createMember(t);
    const res2 = await post(second, `/perks/${p.id}/redeem/`);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json().content.invite_link).toMatch(/^https:\/\/t\.me\/\+fake\d+$/);
    expect(res2.json().content.invite_link).not.toBe(link);
    // The creator sees the stored link, never a member's single-use one.
    expect((await get(creator, `/perks/${p.id}/`)).json().content.invite_link).toBe('https://t.me/wynvip');
  });

  it('telegram_invite under an Idempotency-Key: the replay carries the single-use link made after the commit', async () => {
    fake.addChat({ username: 'wynkeyed', botStatus: 'administrator' });
    const p = await createPerk(creator, {
      perk_type: 'telegram_invite',
      telegram_url: 'https://t.me/wynkeyed',
      discount_code: undefined,
    });
    const m = await createMember(t);
    const h = { 'idempotency-key': `invite-${p.id}` };
    const res = await post(m, `/perks/${p.id}/redeem/`, undefined, h);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().content.invite_link as string;
    expect(link).toMatch(/^https:\/\/t\.me\/\+fake\d+$/);
    const again = await post(m, `/perks/${p.id}/redeem/`, undefined, h);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().content.invite_link).toBe(link);
    expect(again.json()).toEqual(res.json());
  });

  it('telegram_invite falls back to the stored link when the bot cannot make one', async () => {
    const chat = fake.addChat({ username: 'wynlost', botStatus: 'administrator' });
    const p = await createPerk(creator, {
      perk_type: 'telegram_invite',
      telegram_url: 'https://t.me/wynlost',
      discount_code: undefined,
    });
    fake.setMember(chat, fake.botId, { status: 'member' }); // demoted after creation
    const res = await post(member, `/perks/${p.id}/redeem/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.invite_link).toBe('https://t.me/wynlost');
    await expectLedgerOk();
  });

  it('a private invite link is delivered as stored', async () => {
    const p = await createPerk(creator, {
      perk_type: 'telegram_invite',
      telegram_url: SECRET.invite,
      discount_code: undefined,
    });
    const res = await post(member, `/perks/${p.id}/redeem/`);
    expect(res.json().content).toMatchObject({ telegram_url: SECRET.invite, invite_link: SECRET.invite });
  });
});
