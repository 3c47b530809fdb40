import { createPerkRequest, redeemRequest, updatePerkRequest, amountToCents, type PerkDetail } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { telegramBotFromConfig } from '../../integrations/telegram-bot.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { multipartFingerprint, withIdempotency } from '../../lib/idempotency.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { paginated } from '../../lib/pagination.ts';
import { createViewCache, viewOfRow } from '../../lib/view-cache.ts';
import { createPrivateMediaLinks } from '../../lib/private-media-links.ts';
import { resolveInviteChat } from './perk-telegram.ts';
import * as svc from './perks.service.ts';
import { createViewRecorder } from '../quests/content-views.service.ts';

/** Perks under /api/v1/club/: create, read, manage, redeem. @fastify/multipart is registered in this scope. */
export async function perksRoutes(app: AppInstance, { deps }: ModuleOptions) {
  await registerMultipart(app);
  const db = deps.database.db;
  const config = deps.config;
  const storage = deps.media;
  const links = createPrivateMediaLinks(config.jwtSecret, deps.now);
  const bot = telegramBotFromConfig(config.telegram);
  const resolveChat = (url: string) => resolveInviteChat(bot, url, app.log);

  contractRoute(app, endpoints.perkCreate, async (request, reply) => {
    const { raw, files } = await readMultipartOrJson(request, { fileFields: ['media', 'exclusive_media'] });
    const userId = request.auth.userId;
    return withIdempotency(
      db,
      request,
      reply,
      async (tx) => {
        const input = parseBody(createPerkRequest, raw);
        const body = await svc.createPerk(tx, storage, userId, input, files, { now: deps.now(), resolveChat, links });
        return { status: 201, body };
      },
      { fingerprint: multipartFingerprint(raw, files) },
    );
  });

  contractRoute(app, endpoints.perkList, async (request) => {
    const page = await svc.listPerks(db, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.myPerks, async (request) => {
    const page = await svc.listMyPerks(db, request.auth.userId, request.query, links);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.myRedemptions, async (request) => {
    const page = await svc.listMyRedemptions(db, request.auth.userId, request.query, links);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  // Creator analytics' views (quests/content-views.service.ts): recorded beside the detail, not in its service
  // call, because the recorder is this process's buffer, written in batches off the request's path.
  const views = createViewRecorder(db, app.log);
  app.addHook('onClose', () => views.close());
  // A member's view of a perk is answered from memory while nothing it shows has changed (lib/view-cache.ts).
  const details = createViewCache<PerkDetail>({ ttlMs: config.hotReadCacheMs });
  contractRoute(app, endpoints.perkDetails, async (request) => {
    const { id } = request.params;
    const viewerId = request.auth.userId;
    const detail = await viewOfRow(details, id, viewerId, () => svc.perkDetail(db, id, viewerId, links));
    views.record('perk', detail.id, detail.creator, request.auth.userId, deps.now());
    return detail;
  });

  contractRoute(app, endpoints.perkContent, async (request) =>
    svc.perkContentFor(db, request.params.id, request.auth.userId, links),
  );

  contractRoute(app, endpoints.perkPurchasers, async (request) => {
    const page = await svc.listPurchasers(db, request.params.id, request.auth.userId, request.query);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.perkUpdate, async (request) => {
    const input = parseBody(updatePerkRequest, request.body);
    return svc.editPerk(db, request.params.id, request.auth.userId, input, { now: deps.now(), resolveChat, links });
  });

  contractRoute(app, endpoints.perkDelete, async (request, reply) => {
    await svc.deletePerk(db, request.params.id, request.auth.userId);
    return reply.status(204).send();
  });

  contractRoute(app, endpoints.perkRedeem, async (request, reply) => {
    const expected = parseBody(redeemRequest, request.body ?? {}).expected_cost;
    const expectedCents = expected === undefined ? undefined : (amountToCents(expected) ?? undefined);
    const redemption = svc.perkRedemption(db, request.params.id, request.auth.userId, {
      now: deps.now(),
      expectedCostCents: expectedCents,
      links,
      invites: bot,
      productName: config.productName,
      log: request.log,
    });
    return withIdempotency(db, request, reply, redemption.run, {
      refuseEarly: redemption.refuseEarly,
      savepoint: redemption.needsSavepoint,
      alone: redemption.alone,
    });
  });
}
