import { and, asc, count, desc, eq, isNull, not, or, sql } from 'drizzle-orm';
import {
  CHAT_MSG,
  CHAT_PREVIEW_CHARS,
  MESSAGE_NOTIFICATION_CHARS,
  type ChatMessage,
  type ChatSummary,
} from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { messages, notifications, users } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { displayName } from '../../lib/display-name.ts';
import { recordEvent } from '../../events/outbox.ts';

type MessageRow = typeof messages.$inferSelect;

/** Where a message notification leads: the chat with the sender (docs/spec/02-explore-details-wallet-social.md §2 /messages?user=). */
const chatLink = (userId: string) => `/messages?user=${encodeURIComponent(userId)}`;

export const toMessageDto = (r: MessageRow): ChatMessage => ({
  id: r.id,
  content: r.content,
  sender: { id: r.senderId },
  receiver: { id: r.receiverId },
  message_type: r.messageType,
  sent_at: r.sentAt.toISOString(),
  read_at: r.readAt?.toISOString() ?? null,
  reply_to: r.replyToId,
});

type ChatRow = {
  other: string;
  content: string;
  sent_at: Date | string;
  unread: number | string;
  first_name: string;
  last_name: string;
  username: string | null;
  tg_username: string | null;
  avatar: string | null;
  photo: string | null;
};

/**
 * The caller's conversations, newest first, in one query. Each side of the union reads one index
 * (sent: sender, receiver, created_at; received: receiver, created_at); DISTINCT ON keeps each pair's newest message
 * and a window count over the same rows gives the unread ones addressed to the caller.
 */
export async function listChats(db: DbOrTx, userId: string): Promise<ChatSummary[]> {
  // Both drivers (node-postgres and PGlite) answer a raw query with `{ rows }`.
  const { rows } = (await db.execute(sql`
    with mine as (
      select receiver_id as other, content, created_at as sent_at, id, false as unread
        from messages where sender_id = ${userId}
      union all
      select sender_id as other, content, created_at as sent_at, id, read_at is null as unread
        from messages where receiver_id = ${userId} and not hidden_by_staff
    ), latest as (
      select distinct on (other) other, content, sent_at,
             count(*) filter (where unread) over (partition by other) as unread
        from mine
       order by other, sent_at desc, id desc
    )
    select l.other, left(l.content, ${CHAT_PREVIEW_CHARS}::int) as content, l.sent_at, l.unread::int as unread,
           u.first_name, u.last_name, u.username, u.tg_username, p.avatar, u.telegram_photo_url as photo
      from latest l
      join users u on u.id = l.other
      left join profiles p on p.id = l.other
     order by l.sent_at desc, l.other`)) as unknown as { rows: ChatRow[] };
  return rows.map((r) => ({
    id: r.other,
    name: displayName({
      id: r.other,
      firstName: r.first_name,
      lastName: r.last_name,
      username: r.username,
      tgUsername: r.tg_username,
    }),
    avatar: r.avatar ?? r.photo ?? null,
    unread: Number(r.unread),
    time: new Date(r.sent_at).toISOString(),
    lastMessage: r.content,
  }));
}

export type MessageListInput = { chat_with: string; ordering: '-sent_at' | 'sent_at'; page: number; page_size: number };

/**
 * One page of the messages between the caller and one member; nobody else's are ever in scope. A message staff
 * hid is gone for its receiver; its sender still sees it.
 */
export async function listMessages(db: DbOrTx, userId: string, q: MessageListInput) {
  const { limit, offset } = pageWindow(q);
  const pair = or(
    and(eq(messages.senderId, userId), eq(messages.receiverId, q.chat_with)),
    and(eq(messages.senderId, q.chat_with), eq(messages.receiverId, userId), not(messages.hiddenByStaff)),
  );
  const order =
    q.ordering === 'sent_at' ? [asc(messages.sentAt), asc(messages.id)] : [desc(messages.sentAt), desc(messages.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(pair)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(messages).where(pair),
  ]);
  return { rows: rows.map(toMessageDto), count: total?.n ?? 0 };
}

type SendInput = { content: string; receiverId: string; replyToId?: string | null };

/** Inserts a message and records `message.sent` (the notification and live hints follow it after commit). */
async function deliver(tx: DbOrTx, senderId: string, input: SendInput): Promise<ChatMessage> {
  const [sender] = await tx.select().from(users).where(eq(users.id, senderId)).limit(1);
  if (!sender) throw notFound();
  const [row] = await tx
    .insert(messages)
    .values({ senderId, receiverId: input.receiverId, content: input.content, replyToId: input.replyToId ?? null })
    .returning();
  const message = row!;
  await recordEvent(tx, {
    type: 'message.sent',
    payload: {
      messageId: message.id,
      senderId,
      senderName: displayName(sender),
      receiverId: input.receiverId,
      preview: [...input.content].slice(0, MESSAGE_NOTIFICATION_CHARS).join(''),
    },
  });
  return toMessageDto(message);
}

/** `POST messages/`: the receiver must be an active member other than the sender. */
export async function sendMessage(
  db: DbOrTx,
  senderId: string,
  input: { content: string; receiver: string },
): Promise<ChatMessage> {
  if (input.receiver === senderId) throw fieldError('receiver', CHAT_MSG.cannotMessageSelf);
  return db.transaction(async (tx) => {
    const [receiver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.receiver), eq(users.isActive, true)))
      .limit(1);
    if (!receiver) throw fieldError('receiver', CHAT_MSG.receiverNotFound);
    return deliver(tx, senderId, { content: input.content, receiverId: receiver.id });
  });
}

/** `POST messages/{id}/reply/`: only a participant may reply; someone else's message is as unknown as a missing one. */
export async function replyToMessage(
  db: DbOrTx,
  userId: string,
  messageId: string,
  input: { content: string },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.id, messageId),
          or(eq(messages.senderId, userId), and(eq(messages.receiverId, userId), not(messages.hiddenByStaff))),
        ),
      )
      .limit(1);
    if (!original) throw notFound(CHAT_MSG.messageNotFound);
    const other = original.senderId === userId ? original.receiverId : original.senderId;
    const [receiver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, other), eq(users.isActive, true)))
      .limit(1);
    if (!receiver) throw badRequest(CHAT_MSG.receiverNotFound);
    return deliver(tx, userId, { content: input.content, receiverId: other, replyToId: original.id });
  });
}

/**
 * `POST messages/mark_chat_as_read/`: marks what `otherId` sent to the caller as read (nothing else can be
 * touched) and records `chat.read`: the read receipt reaches the other member and the caller's other tabs after
 * commit (`chat-live.consumer.ts`).
 */
export async function markChatRead(db: DbOrTx, userId: string, otherId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ readAt: now })
      .where(and(eq(messages.senderId, otherId), eq(messages.receiverId, userId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    if (rows.length > 0) {
      // The "New message" notifications of this chat have been seen too: the bell should not still count them.
      const seen = await tx
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.notificationType, 'message'),
            eq(notifications.link, chatLink(otherId)),
            eq(notifications.isRead, false),
          ),
        )
        .returning({ id: notifications.id });
      await recordEvent(tx, {
        type: 'chat.read',
        payload: { readerId: userId, otherId, notificationId: seen[0]?.id ?? null },
      });
    }
    return rows.length;
  });
}
