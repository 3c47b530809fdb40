import {
  approveAllRequest,
  approveAllResponse,
  closeResponse,
  completionListQuery,
  createQuestRequest,
  idParams,
  LIMITS,
  likeResponse,
  MEDIA_MSG,
  pageQuery,
  paginated as paginatedSchema,
  QUEST_MSG,
  questCard,
  questCompletion,
  questDetail,
  questListQuery,
  questStats,
  rejectRequest,
  shareResponse,
  submitProofRequest,
  validateChannelRequest,
  validateChannelResponse,
  verifyMembershipRequest,
  verifyMembershipResponse,
  centsToAmount,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { openMediaStorage } from '../../integrations/open-media-storage.ts';
import { telegramBotFromConfig } from '../../integrations/telegram-bot.ts';
import { multipartFingerprint, withIdempotency } from '../../lib/idempotency.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { paginated } from '../../lib/pagination.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import * as svc from './quests.service.ts';
import { validateChannel, verifyParticipation } from './telegram.service.ts';

/**
 * Quests (wire: tasks), their participations (task-completions), media upload and the Telegram checks,
 * under /api/v1/club/. @fastify/multipart lives in this scope only.
 */
export async function questsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  await registerMultipart(app);
  const db = deps.database.db;
  const config = deps.config;
  const storage = openMediaStorage(config);
  const bot = telegramBotFromConfig(config.telegram);
  const security = [{ bearer: [] }];
  const tags = ['quests'];
  const auth = { onRequest: app.authenticate };

  mediaRoutes(app, deps, storage);

  // -- Telegram checks -----------------------------------------------------------------------------------
  app.post(
    '/telegram/validate-channel/',
    {
      ...auth,
      schema: {
        tags: ['telegram'],
        security,
        body: validateChannelRequest,
        response: { 200: validateChannelResponse },
      },
    },
    async (request) => {
      const { valid, message, chat_title } = await validateChannel(bot, request.body.channel_username);
      return { valid, message, ...(chat_title ? { chat_title } : {}) };
    },
  );

  app.post(
    '/telegram/verify-membership/',
    {
      ...auth,
      schema: {
        tags: ['telegram'],
        security,
        body: verifyMembershipRequest,
        response: { 200: verifyMembershipResponse },
      },
    },
    async (request) =>
      verifyParticipation(db, bot, config, request.body.task_id, request.auth.userId, deps.now(), { joinOnly: true }),
  );

  // -- quests ---------------------------------------------------------------------------------------------
  app.post(
    '/tasks/',
    { ...auth, schema: { tags, security, response: { 201: questDetail } } },
    async (request, reply) => {
      const { raw, files } = await readMultipartOrJson(request, { fileFields: ['media'] });
      const userId = request.auth.userId;
      return withIdempotency(
        db,
        request,
        reply,
        async (tx) => {
          const input = parseBody(createQuestRequest, raw);
          const body = await svc.createQuestWithMedia(tx, storage, userId, input, files[0], {
            now: deps.now(),
            checkChannel: (name) => validateChannel(bot, name),
            config,
          });
          return { status: 201, body };
        },
        { fingerprint: multipartFingerprint(raw, files) },
      );
    },
  );

  app.get(
    '/tasks/',
    { ...auth, schema: { tags, security, querystring: questListQuery, response: { 200: paginatedSchema(questCard) } } },
    async (request) => {
      const page = await svc.listQuests(db, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/tasks/my_tasks/',
    { ...auth, schema: { tags, security, querystring: questListQuery, response: { 200: paginatedSchema(questCard) } } },
    async (request) => {
      const page = await svc.listMyQuests(db, request.auth.userId, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/tasks/my_participations/',
    {
      ...auth,
      schema: { tags, security, querystring: pageQuery, response: { 200: paginatedSchema(questCompletion) } },
    },
    async (request) => {
      const page = await svc.listMyParticipations(db, request.auth.userId, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/tasks/my_completions/',
    {
      ...auth,
      schema: { tags, security, querystring: pageQuery, response: { 200: paginatedSchema(questCompletion) } },
    },
    async (request) => {
      const page = await svc.listMyCompletions(db, request.auth.userId, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get('/tasks/stats/', { ...auth, schema: { tags, security, response: { 200: questStats } } }, async (request) =>
    svc.questStats(db, request.auth.userId),
  );

  app.get(
    '/tasks/:id/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: questDetail } } },
    async (request) => svc.questDetail(db, request.params.id, request.auth.userId, config),
  );

  app.post(
    '/tasks/:id/like/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: likeResponse } } },
    async (request) => svc.toggleLike(db, request.params.id, request.auth.userId),
  );

  app.post(
    '/tasks/:id/share/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: shareResponse } } },
    async (request) => svc.share(db, request.params.id),
  );

  app.post(
    '/tasks/:id/close/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: closeResponse } } },
    async (request) => {
      const r = await svc.closeQuest(db, request.params.id, request.auth.userId);
      return { detail: QUEST_MSG.closed, status: r.status, refunded_amount: centsToAmount(r.refunded) };
    },
  );

  app.delete('/tasks/:id/', { ...auth, schema: { tags, security, params: idParams } }, async (request, reply) => {
    await svc.deleteQuest(db, request.params.id, request.auth.userId);
    return reply.status(204).send();
  });

  app.post(
    '/tasks/:id/participate/',
    { ...auth, schema: { tags, security, params: idParams, response: { 201: questCompletion } } },
    async (request, reply) =>
      withIdempotency(db, request, reply, async (tx) => {
        const row = await svc.participate(tx, request.params.id, request.auth.userId, { now: deps.now(), config });
        return { status: 201, body: await svc.getCompletionDto(tx, row.id) };
      }),
  );

  app.post(
    '/tasks/:id/submit_proof/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: questCompletion } } },
    async (request, reply) => {
      const { raw, files } = await readMultipartOrJson(request, {
        maxFileBytes: LIMITS.imageMaxBytes,
        tooLargeMessage: MEDIA_MSG.imageTooLarge,
        fileFields: ['proof_image'],
      });
      return withIdempotency(
        db,
        request,
        reply,
        async (tx) => {
          const input = parseBody(submitProofRequest, raw);
          const file = files[0];
          const body = await svc.sendProof(tx, request.params.id, request.auth.userId, input, {
            now: deps.now(),
            image: file ? { file, storage } : undefined,
          });
          return { status: 200, body };
        },
        { fingerprint: multipartFingerprint(raw, files) },
      );
    },
  );

  app.post(
    '/tasks/:id/verify_completion/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: verifyMembershipResponse } } },
    async (request) => verifyParticipation(db, bot, config, request.params.id, request.auth.userId, deps.now()),
  );

  // -- participations ------------------------------------------------------------------------------------
  app.get(
    '/task-completions/',
    {
      ...auth,
      schema: { tags, security, querystring: completionListQuery, response: { 200: paginatedSchema(questCompletion) } },
    },
    async (request) => {
      const page = await svc.completionsFor(db, request.auth.userId, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/task-completions/to_review/',
    {
      ...auth,
      schema: { tags, security, querystring: pageQuery, response: { 200: paginatedSchema(questCompletion) } },
    },
    async (request) => {
      const page = await svc.listToReview(db, request.auth.userId, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.post(
    '/task-completions/approve_all/',
    { ...auth, schema: { tags, security, body: approveAllRequest, response: { 200: approveAllResponse } } },
    async (request, reply) =>
      withIdempotency(db, request, reply, async (tx) => {
        const result = await svc.approveAll(tx, request.body.task, request.auth.userId, deps.now());
        return { status: 200, body: result };
      }),
  );

  app.post(
    '/task-completions/:id/approve/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: questCompletion } } },
    async (request, reply) =>
      withIdempotency(db, request, reply, async (tx) => {
        const row = await svc.approveCompletion(tx, request.params.id, request.auth.userId, deps.now());
        return { status: 200, body: await svc.getCompletionDto(tx, row.id) };
      }),
  );

  app.post(
    '/task-completions/:id/reject/',
    {
      ...auth,
      schema: { tags, security, params: idParams, body: rejectRequest, response: { 200: questCompletion } },
    },
    async (request, reply) =>
      withIdempotency(db, request, reply, async (tx) => {
        const row = await svc.rejectCompletion(
          tx,
          request.params.id,
          request.auth.userId,
          request.body.reason,
          deps.now(),
        );
        return { status: 200, body: await svc.getCompletionDto(tx, row.id) };
      }),
  );
}
