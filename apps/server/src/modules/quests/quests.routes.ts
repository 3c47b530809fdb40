import {
  LIMITS,
  MEDIA_MSG,
  QUEST_MSG,
  centsToAmount,
  createQuestRequest,
  submitProofRequest,
  type QuestDetail,
} from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { telegramBotFromConfig } from '../../integrations/telegram-bot.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { multipartFingerprint, withIdempotency } from '../../lib/idempotency.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { paginated } from '../../lib/pagination.ts';
import { createViewCache, viewOfRow } from '../../lib/view-cache.ts';
import { createViewRecorder } from './content-views.service.ts';
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
  const storage = deps.media;
  const bot = telegramBotFromConfig(config.telegram);

  // -- Telegram checks -----------------------------------------------------------------------------------
  contractRoute(app, endpoints.validateChannel, async (request) => {
    const { valid, message, chat_title } = await validateChannel(bot, request.body.channel_username);
    return { valid, message, ...(chat_title ? { chat_title } : {}) };
  });

  contractRoute(app, endpoints.verifyMembership, async (request) =>
    verifyParticipation(db, bot, config, request.body.task_id, request.auth.userId, deps.now(), { joinOnly: true }),
  );

  // -- quests ---------------------------------------------------------------------------------------------
  contractRoute(app, endpoints.questCreate, async (request, reply) => {
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
  });

  contractRoute(app, endpoints.questList, async (request) => {
    const page = await svc.listQuests(db, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.myQuests, async (request) => {
    const page = await svc.listMyQuests(db, request.auth.userId, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.myQuestParticipations, async (request) => {
    const page = await svc.listMyParticipations(db, request.auth.userId, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.myQuestCompletions, async (request) => {
    const page = await svc.listMyCompletions(db, request.auth.userId, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.questStats, async (request) => svc.questStats(db, request.auth.userId));

  // Creator analytics' views (content-views.service.ts): recorded beside the detail, not in its service call,
  // because the recorder is this process's buffer, written in batches off the request's path.
  const views = createViewRecorder(db, app.log);
  app.addHook('onClose', () => views.close());
  // A member's view of a quest is answered from memory while nothing it shows has changed (lib/view-cache.ts).
  const details = createViewCache<QuestDetail>({ ttlMs: config.hotReadCacheMs });
  contractRoute(app, endpoints.quest, async (request) => {
    const { id } = request.params;
    const viewerId = request.auth.userId;
    const detail = await viewOfRow(details, id, viewerId, () => svc.questDetail(db, id, viewerId, config));
    views.record('quest', detail.id, detail.creator, request.auth.userId, deps.now());
    return detail;
  });

  contractRoute(app, endpoints.questLike, async (request) =>
    svc.toggleLike(db, request.params.id, request.auth.userId),
  );

  contractRoute(app, endpoints.questShare, async (request) => svc.share(db, request.params.id, request.auth.userId));

  contractRoute(app, endpoints.questUpdate, async (request) =>
    svc.editQuest(db, request.params.id, request.auth.userId, request.body, { now: deps.now(), config }),
  );

  contractRoute(app, endpoints.questClose, async (request) => {
    const r = await svc.closeQuest(db, request.params.id, request.auth.userId);
    return { detail: QUEST_MSG.closed, status: r.status, refunded_amount: centsToAmount(r.refunded) };
  });

  contractRoute(app, endpoints.questDelete, async (request, reply) => {
    await svc.deleteQuest(db, request.params.id, request.auth.userId);
    return reply.status(204).send();
  });

  contractRoute(app, endpoints.questParticipate, async (request, reply) =>
    withIdempotency(db, request, reply, async (tx) => {
      const body = await svc.joinQuest(tx, request.params.id, request.auth.userId, { now: deps.now(), config });
      return { status: 201, body };
    }),
  );

  contractRoute(app, endpoints.questSubmitProof, async (request, reply) => {
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
  });

  contractRoute(app, endpoints.questVerifyCompletion, async (request) =>
    verifyParticipation(db, bot, config, request.params.id, request.auth.userId, deps.now()),
  );

  // -- participations ------------------------------------------------------------------------------------
  contractRoute(app, endpoints.questCompletions, async (request) => {
    const page = await svc.completionsFor(db, request.auth.userId, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.questCompletionsToReview, async (request) => {
    const page = await svc.submissionsToReview(db, request.auth.userId, request.query, deps.now());
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.questCompletionsApproveAll, async (request, reply) =>
    withIdempotency(db, request, reply, async (tx) => {
      const result = await svc.approveAll(tx, request.body.task, request.auth.userId, deps.now());
      return { status: 200, body: result };
    }),
  );

  contractRoute(app, endpoints.questCompletionApprove, async (request, reply) =>
    withIdempotency(db, request, reply, async (tx) => {
      const body = await svc.approveSubmission(tx, request.params.id, request.auth.userId, deps.now());
      return { status: 200, body };
    }),
  );

  contractRoute(app, endpoints.questCompletionReject, async (request, reply) =>
    withIdempotency(db, request, reply, async (tx) => {
      const { id } = request.params;
      const body = await svc.rejectSubmission(tx, id, request.auth.userId, request.body.reason, deps.now());
      return { status: 200, body };
    }),
  );
}
