import {
  chatMessage,
  chatSummary,
  CHAT_MSG,
  ErrorCode,
  idParams,
  markChatReadRequest,
  markChatReadResponse,
  MESSAGES_PER_MINUTE,
  messageListQuery,
  paginated as paginatedSchema,
  replyMessageRequest,
  sendMessageRequest,
} from '@wyn/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
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
  const tags = ['messages'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.authenticate };
  const limit = sendRateLimit(app);

  app.get(
    '/messages/chats/',
    { ...auth, schema: { tags, security, response: { 200: z.array(chatSummary) } } },
    async (request) => listChats(db, request.auth.userId),
  );

  app.get(
    '/messages/',
    {
      ...auth,
      schema: { tags, security, querystring: messageListQuery, response: { 200: paginatedSchema(chatMessage) } },
    },
    async (request) => {
      const page = await listMessages(db, request.auth.userId, request.query);
      return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.post(
    '/messages/',
    {
      ...auth,
      preHandler: limit,
      schema: { tags, security, body: sendMessageRequest, response: { 201: chatMessage } },
    },
    async (request, reply) => {
      const message = await sendMessage(db, deps.live, request.auth.userId, request.body);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/messages/:id/reply/',
    {
      ...auth,
      preHandler: limit,
      schema: { tags, security, params: idParams, body: replyMessageRequest, response: { 201: chatMessage } },
    },
    async (request, reply) => {
      const message = await replyToMessage(db, deps.live, request.auth.userId, request.params.id, request.body);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/messages/mark_chat_as_read/',
    { ...auth, schema: { tags, security, body: markChatReadRequest, response: { 200: markChatReadResponse } } },
    async (request) => ({
      updated: await markChatRead(db, deps.live, request.auth.userId, request.body.user_id, deps.now()),
    }),
  );
}
