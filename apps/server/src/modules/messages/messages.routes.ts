import { CHAT_MSG, ErrorCode, MESSAGES_PER_MINUTE } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { listChats, listMessages, markChatRead, replyToMessage, sendMessage } from './messages.service.ts';

/** Sending (new messages and replies together) per member, on @fastify/rate-limit's store (Redis when set). */
function sendRateLimit(app: AppInstance) {
  const limiter = app.createRateLimit({
    max: MESSAGES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `message:${req.auth.userId}`,
  });
  return async (request: FastifyRequest) => {
    const r = await limiter(request);
    if (!r.isAllowed && r.isExceeded)
      throw tooManyRequests(CHAT_MSG.rateLimited, r.ttlInSeconds, ErrorCode.rateLimited);
  };
}

export async function messagesRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const limit = { preHandler: sendRateLimit(app) };

  contractRoute(app, endpoints.messageChats, async (request) => listChats(db, request.auth.userId));

  contractRoute(app, endpoints.messageList, async (request) => {
    const page = await listMessages(db, request.auth.userId, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(
    app,
    endpoints.messageSend,
    async (request, reply) => {
      reply.code(201);
      return sendMessage(db, request.auth.userId, request.body);
    },
    limit,
  );

  contractRoute(
    app,
    endpoints.messageReply,
    async (request, reply) => {
      reply.code(201);
      return replyToMessage(db, request.auth.userId, request.params.id, request.body);
    },
    limit,
  );

  contractRoute(app, endpoints.messagesMarkChatRead, async (request) => ({
    updated: await markChatRead(db, request.auth.userId, request.body.user_id, deps.now()),
  }));
}
