import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_MSG, LIMITS, MESSAGES_PER_MINUTE, type ChatMessage, type ChatSummary } from '@wyn/contract';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { messages, notifications, profiles } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get } = clubRequests(() => t.app);
type Member = Awaited<ReturnType<typeof createMember>>;

async function send(from: Member, to: Member, content: string) {
  const res = await post(from, '/messages/', { content, receiver: to.user.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChatMessage>();
}

const chats = async (m: Member) => {
  const res = await get(m, '/messages/chats/');
  expect(res.statusCode).toBe(200);
  return res.json<ChatSummary[]>();
};

describe('POST messages/', () => {
  it('stores the message trimmed, notifies the receiver with a link back to the chat', async () => {
    const a = await createMember(t, { firstName: 'Ava', lastName: 'Stone' });
    const b = await createMember(t);
    const long = `  ${'x'.repeat(100)}  `;
    const msg = await send(a, b, long);
    expect(msg).toMatchObject({
      content: 'x'.repeat(100),
      sender: { id: a.user.id },
      receiver: { id: b.user.id },
      message_type: 'text',
      read_at: null,
      reply_to: null,
    });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(note).toMatchObject({
      notificationType: 'message',
      title: 'New message',
      message: `Ava Stone: ${'x'.repeat(80)}`,
      link: `/messages?user=${a.user.id}`,
    });
  });

  it('refuses blank, too long, self-addressed, unknown receivers and extra fields with clear 400s', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const cases: [unknown, string, string][] = [
      [{ content: '   ', receiver: b.user.id }, 'content', CHAT_MSG.contentRequired],
      [{ receiver: b.user.id }, 'content', CHAT_MSG.contentRequired],
      [{ content: 'y'.repeat(LIMITS.messageMax + 1), receiver: b.user.id }, 'content', CHAT_MSG.contentTooLong],
      [{ content: 'hi' }, 'receiver', CHAT_MSG.receiverRequired],
      [{ content: 'hi', receiver: 'nope' }, 'receiver', 'Invalid ID format'],
      [{ content: 'hi', receiver: a.user.id }, 'receiver', CHAT_MSG.cannotMessageSelf],
      // Upper case is the same member: still yourself, not a database error.
      [{ content: 'hi', receiver: a.user.id.toUpperCase() }, 'receiver', CHAT_MSG.cannotMessageSelf],
      // Only invisible characters (zero-width space, BOM) that trim() keeps: blank all the same.
      [{ content: '\u200b \ufeff\u200b', receiver: b.user.id }, 'content', CHAT_MSG.contentRequired],
      // PostgreSQL text cannot hold U+0000: a clear 400 rather than a 500 from the database.
      [{ content: 'a\u0000b', receiver: b.user.id }, 'content', CHAT_MSG.contentInvalidCharacters],
      [{ content: 'hi', receiver: '00000000-0000-4000-8000-000000000000' }, 'receiver', CHAT_MSG.receiverNotFound],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(a, '/messages/', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors[field]).toContain(message);
    }
    const extra = await post(a, '/messages/', { content: 'hi', receiver: b.user.id, sender: b.user.id });
    expect(extra.statusCode).toBe(400);
    const ok = await post(a, '/messages/', { content: 'z'.repeat(LIMITS.messageMax), receiver: b.user.id });
    expect(ok.statusCode).toBe(201);
    // Characters, not UTF-16 units: 4,000 emoji fit.
    const emoji = await post(a, '/messages/', { content: '😀'.repeat(LIMITS.messageMax), receiver: b.user.id });
    expect(emoji.statusCode).toBe(201);
    const stored = await t.db.select().from(messages).where(eq(messages.senderId, a.user.id));
    expect(stored).toHaveLength(2);
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/messages/chats/' });
    expect(res.statusCode).toBe(401);
  });

  it(`limits sending to ${MESSAGES_PER_MINUTE} a minute per member (429 with Retry-After)`, async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      const res = await post(a, '/messages/', { content: `m${i}`, receiver: b.user.id });
      expect(res.statusCode).toBe(201);
    }
    const over = await post(a, '/messages/', { content: 'one more', receiver: b.user.id });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().detail).toBe(CHAT_MSG.rateLimited);
    // Another member is not affected.
    expect((await post(c, '/messages/', { content: 'hi', receiver: b.user.id })).statusCode).toBe(201);
  });
});

describe('GET messages/chats/', () => {
  it('lists each conversation once, newest first, with name, avatar, unread count and last message', async () => {
    const me = await createMember(t);
    const b = await createMember(t, { firstName: 'Ben', lastName: 'Hill' });
    const c = await createMember(t, { firstName: 'Chloe', lastName: '' });
    await t.db.update(profiles).set({ avatar: '/media/ben.png' }).where(eq(profiles.id, b.user.id));
    await send(me, b, 'hello ben');
    await send(b, me, 'hi there');
    await send(b, me, 'how are you?');
    await send(c, me, 'chloe here');
    await send(me, c, 'x'.repeat(300));

    const list = await chats(me);
    expect(list.map((s) => s.id)).toEqual([c.user.id, b.user.id]);
    expect(list[0]).toMatchObject({ name: 'Chloe', unread: 1, lastMessage: 'x'.repeat(200), avatar: null });
    expect(list[1]).toMatchObject({
      name: 'Ben Hill',
      unread: 2,
      lastMessage: 'how are you?',
      avatar: '/media/ben.png',
    });
    expect(new Date(list[0]!.time).getTime()).toBeGreaterThanOrEqual(new Date(list[1]!.time).getTime());
    // The other side sees the same conversation, with nothing unread (they sent the unread ones).
    const theirs = await chats(b);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ id: me.user.id, unread: 1, lastMessage: 'how are you?' });
  });

  it('is empty for a member without messages', async () => {
    expect(await chats(await createMember(t))).toEqual([]);
  });
});

describe('GET messages/?chat_with=', () => {
  it('pages the messages of one pair only, newest first by default', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    for (let i = 0; i < 5; i++) await send(i % 2 ? b : a, i % 2 ? a : b, `ab${i}`);
    await send(a, c, 'to c');
    await send(c, b, 'c to b');

    const res = await get(a, `/messages/?chat_with=${b.user.id}&ordering=-sent_at&page=1&page_size=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.results.map((m: ChatMessage) => m.content)).toEqual(['ab4', 'ab3']);
    expect(body.next).toContain('page=2');
    expect(body.previous).toBeNull();

    const asc = await get(a, `/messages/?chat_with=${b.user.id}&ordering=sent_at&page_size=100`);
    expect(asc.json().results.map((m: ChatMessage) => m.content)).toEqual(['ab0', 'ab1', 'ab2', 'ab3', 'ab4']);
  });

  it('requires a valid chat_with', async () => {
    const a = await createMember(t);
    const missing = await get(a, '/messages/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.chat_with).toContain(CHAT_MSG.chatWithRequired);
    const bad = await get(a, '/messages/?chat_with=123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.chat_with).toContain('Invalid ID format');
  });

  it('a third member cannot read a chat they are not in: they only ever see their own pair', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const eve = await createMember(t);
    await send(a, b, 'secret');
    for (const other of [a, b]) {
      const res = await get(eve, `/messages/?chat_with=${other.user.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ count: 0, results: [] });
    }
    expect(await chats(eve)).toEqual([]);
  });
});

describe('POST messages/{id}/reply/', () => {
  it('sends the reply to the other participant, linked to the original', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const first = await send(a, b, 'question?');
    const res = await post(b, `/messages/${first.id}/reply/`, { content: ' answer ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      content: 'answer',
      sender: { id: b.user.id },
      receiver: { id: a.user.id },
      reply_to: first.id,
    });
    // The sender of the original may reply to their own message too: it still goes to the other member.
    const again = await post(a, `/messages/${first.id}/reply/`, { content: 'follow-up' });
    expect(again.json()).toMatchObject({ sender: { id: a.user.id }, receiver: { id: b.user.id } });
  });

  it('is 404 for a message the caller is not in, and 400 for blank content', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const eve = await createMember(t);
    const first = await send(a, b, 'private');
    const res = await post(eve, `/messages/${first.id}/reply/`, { content: 'butting in' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(CHAT_MSG.messageNotFound);
    expect((await post(b, `/messages/${first.id}/reply/`, { content: ' ' })).statusCode).toBe(400);
    expect((await post(b, `/messages/${first.id}/reply/`, { content: '\u200b' })).statusCode).toBe(400);
    expect((await post(b, `/messages/${first.id}/reply/`, { content: 'x\u0000' })).statusCode).toBe(400);
    expect((await post(b, '/messages/not-a-uuid/reply/', { content: 'x' })).statusCode).toBe(400);
    const rows = await t.db.select().from(messages).where(eq(messages.senderId, eve.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('POST messages/mark_chat_as_read/', () => {
  it('marks only the messages from that member to the caller', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    await send(b, a, 'one');
    await send(b, a, 'two');
    await send(a, b, 'mine to b');
    await send(c, a, 'from c');
    await send(b, c, 'b to c');

    const res = await post(a, '/messages/mark_chat_as_read/', { user_id: b.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const list = await chats(a);
    expect(list.find((s) => s.id === b.user.id)?.unread).toBe(0);
    expect(list.find((s) => s.id === c.user.id)?.unread).toBe(1);
    // My message to b and b's message to c stay unread: only messages addressed to the caller change.
    const unreadToB = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.receiverId, b.user.id), eq(messages.senderId, a.user.id)));
    expect(unreadToB[0]?.readAt).toBeNull();
    const unreadToC = await t.db.select().from(messages).where(eq(messages.receiverId, c.user.id));
    expect(unreadToC[0]?.readAt).toBeNull();
    // The reader's side shows read_at on the messages they received.
    const page = await get(b, `/messages/?chat_with=${a.user.id}`);
    const fromB = page.json().results.filter((m: ChatMessage) => m.sender.id === b.user.id);
    expect(fromB.every((m: ChatMessage) => m.read_at !== null)).toBe(true);
    // A third member marking "the chat with b" read changes nothing of a's.
    expect((await post(c, '/messages/mark_chat_as_read/', { user_id: a.user.id })).json()).toEqual({ updated: 0 });
    expect((await post(a, '/messages/mark_chat_as_read/', { user_id: b.user.id })).json()).toEqual({ updated: 0 });
  });

  it("also marks that chat's message notifications read, and no others", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    await send(b, a, 'one');
    await send(c, a, 'from c');
    await post(a, '/messages/mark_chat_as_read/', { user_id: b.user.id });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(notes.map((n) => [n.link, n.isRead]).sort()).toEqual(
      [
        [`/messages?user=${b.user.id}`, true],
        [`/messages?user=${c.user.id}`, false],
      ].sort(),
    );
  });

  it('requires a valid user_id', async () => {
    const a = await createMember(t);
    const res = await post(a, '/messages/mark_chat_as_read/', {});
    expect(res.statusCode).toBe(400);
    expect((await post(a, '/messages/mark_chat_as_read/', { user_id: 'x' })).statusCode).toBe(400);
  });
});
