import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type ChatMember = {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  is_member?: boolean;
  can_invite_users?: boolean;
};
type Chat = {
  id: number;
  type: 'channel' | 'supergroup' | 'group';
  title: string;
  username?: string;
  members: Map<number, ChatMember>;
  memberListHidden?: boolean;
};

/**
 * A real HTTP server speaking the Bot API methods Wyn uses (getMe, getChat, getChatMember,
 * createChatInviteLink, sendMessage, savePreparedInlineMessage, setChatMenuButton, setWebhook). Tests arrange chats
 * and members, then read `calls` (each with the time it arrived). `blockChat` makes sendMessage to a chat answer
 * 403 (the member blocked the bot) until `unblockChat`; `failNext` makes the next calls of a method fail once each
 * (e.g. 429 with `retry_after`).
 */
export async function startFakeTelegram(opts: { token: string; botId?: number; botUsername: string }) {
  const botId = opts.botId ?? Number(opts.token.split(':')[0]);
  const chats = new Map<string, Chat>();
  const calls: Array<{ method: string; params: Record<string, unknown>; at: number }> = [];
  const blocked = new Set<string>();
  type Failure = { method: string; error_code: number; description: string; retry_after?: number };
  const failures: Failure[] = [];
  let nextChatId = -1001000000000;
  let inviteSeq = 0;
  let preparedSeq = 0;

  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (!raw) return {};
    if ((req.headers['content-type'] ?? '').includes('application/json'))
      return JSON.parse(raw) as Record<string, unknown>;
    return Object.fromEntries(new URLSearchParams(raw));
  };
  const findChat = (chatId: unknown) => {
    const key = String(chatId);
    return (
      chats.get(key.startsWith('@') ? key.toLowerCase() : key) ?? [...chats.values()].find((c) => String(c.id) === key)
    );
  };
  const fail = (code: number, description: string) => ({ ok: false, error_code: code, description });

  const addChat = (input: {
    username?: string;
    type?: Chat['type'];
    title?: string;
    botStatus?: ChatMember['status'];
    memberListHidden?: boolean;
  }) => {
    const chat: Chat = {
      id: nextChatId--,
      type: input.type ?? 'channel',
      title: input.title ?? input.username ?? 'Chat',
      username: input.username,
      members: new Map(),
      memberListHidden: input.memberListHidden,
    };
    if (input.botStatus) chat.members.set(botId, { status: input.botStatus, can_invite_users: true });
    chats.set(input.username ? `@${input.username.toLowerCase()}` : String(chat.id), chat);
    return chat;
  };
  const setMember = (chat: Chat, userId: number, member: ChatMember) => {
    chat.members.set(userId, member);
  };

  /**
   * Control surface for tests in another process (the e2e suite): `POST /__control/chats`
   * {username, type?, title?, botStatus?, memberListHidden?} → {id}; `POST /__control/members`
   * {chat: username or id, user_id, status, is_member?} → {ok}.
   */
  const control = async (path: string, body: Record<string, unknown>): Promise<[number, unknown]> => {
    if (path === '/__control/chats') {
      const username = typeof body.username === 'string' ? body.username.replace(/^@+/, '') : undefined;
      const chat = addChat({
        username,
        type: body.type as Chat['type'] | undefined,
        title: typeof body.title === 'string' ? body.title : undefined,
        botStatus: body.botStatus as ChatMember['status'] | undefined,
        memberListHidden: body.memberListHidden === true,
      });
      return [200, { id: chat.id }];
    }
    if (path === '/__control/members') {
      const ref = String(body.chat ?? '');
      const chat = findChat(/^-?\d+$/.test(ref) ? ref : `@${ref.replace(/^@+/, '')}`);
      if (!chat) return [404, { error: `no chat ${ref}` }];
      const member: ChatMember = { status: body.status as ChatMember['status'] };
      if (typeof body.is_member === 'boolean') member.is_member = body.is_member;
      setMember(chat, Number(body.user_id), member);
      return [200, { ok: true }];
    }
    return [404, { error: 'unknown control path' }];
  };

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path.startsWith('/__control/')) {
      const [status, body] = await control(path, await readBody(req));
      return send(status, body);
    }
    if (!match) return send(404, fail(404, 'Not Found'));
    if (match[1] !== opts.token) return send(401, fail(401, 'Unauthorized'));
    const method = match[2] ?? '';
    const params = { ...Object.fromEntries(new URL(req.url ?? '', 'http://x').searchParams), ...(await readBody(req)) };
    calls.push({ method, params, at: Date.now() });
    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(f!.error_code, {
        ...fail(f!.error_code, f!.description),
        ...(f!.retry_after !== undefined ? { parameters: { retry_after: f!.retry_after } } : {}),
      });
    }
    switch (method) {
      case 'getMe':
        return send(200, {
          ok: true,
          result: { id: botId, is_bot: true, first_name: 'Wyn', username: opts.botUsername },
        });
      case 'getChat': {
        const chat = findChat(params.chat_id);
        if (!chat) return send(400, fail(400, 'Bad Request: chat not found'));
        return send(200, {
          ok: true,
          result: { id: chat.id, type: chat.type, title: chat.title, username: chat.username },
        });
      }
      case 'getChatMember': {
        const chat = findChat(params.chat_id);
        if (!chat) return send(400, fail(400, 'Bad Request: chat not found'));
        const userId = Number(params.user_id);
        if (chat.memberListHidden && userId !== botId)
          return send(400, fail(400, 'Bad Request: member list is inaccessible'));
        const member = chat.members.get(userId) ?? { status: 'left' };
        return send(200, {
          ok: true,
          result: { user: { id: userId, is_bot: userId === botId, first_name: 'U' }, ...member },
        });
      }
      case 'createChatInviteLink': {
        const chat = findChat(params.chat_id);
        if (!chat) return send(400, fail(400, 'Bad Request: chat not found'));
        const me = chat.members.get(botId);
        if (me?.status !== 'administrator' || me.can_invite_users === false)
          return send(400, fail(400, 'Bad Request: not enough rights to manage chat invite links'));
        inviteSeq += 1;
        return send(200, {
          ok: true,
          result: {
            invite_link: `https://t.me/+fake${inviteSeq}`,
            member_limit: params.member_limit,
            creates_join_request: false,
            is_primary: false,
            is_revoked: false,
          },
        });
      }
      case 'sendMessage':
        if (blocked.has(String(params.chat_id))) return send(403, fail(403, 'Forbidden: bot was blocked by the user'));
        return send(200, {
          ok: true,
          result: {
            message_id: calls.length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(params.chat_id), type: 'private' },
            text: params.text,
          },
        });
      case 'savePreparedInlineMessage': {
        const result = typeof params.result === 'string' ? JSON.parse(params.result) : params.result;
        if (!params.user_id || !result || typeof result !== 'object')
          return send(400, fail(400, 'Bad Request: user_id and result are required'));
        preparedSeq += 1;
        return send(200, {
          ok: true,
          result: { id: `prepared-${preparedSeq}`, expiration_date: Math.floor(Date.now() / 1000) + 3600 },
        });
      }
      case 'setWebhook':
      case 'deleteWebhook':
      case 'setChatMenuButton':
        return send(200, { ok: true, result: true });
      default:
        return send(404, fail(404, 'Not Found: method not found'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    /** Base of the `/__control/` endpoints (the same server). */
    controlUrl: `http://127.0.0.1:${port}/__control`,
    botId,
    calls,
    addChat,
    setMember,
    /** sendMessage to this chat answers 403 "bot was blocked by the user" until unblockChat. */
    blockChat: (chatId: string | number) => void blocked.add(String(chatId)),
    unblockChat: (chatId: string | number) => void blocked.delete(String(chatId)),
    /** The next call of `method` fails with this error (queued: each call takes the next one). */
    failNext: (method: string, error: { error_code: number; description: string; retry_after?: number }) =>
      void failures.push({ method, ...error }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
