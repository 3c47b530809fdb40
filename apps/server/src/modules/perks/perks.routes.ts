import {
  createPerkRequest,
  idParams,
  myPerk,
  myRedemption,
  pageQuery,
  paginated as paginatedSchema,
  perkCard,
  perkContentResponse,
  perkDetail,
  perkListQuery,
  perkPurchaser,
  redeemRequest,
  redeemResponse,
  updatePerkRequest,
  amountToCents,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { openMediaStorage } from '../../integrations/open-media-storage.ts';
import { telegramBotFromConfig } from '../../integrations/telegram-bot.ts';
import { multipartFingerprint, withIdempotency } from '../../lib/idempotency.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { paginated } from '../../lib/pagination.ts';
import { createPrivateMediaLinks } from '../media/private-media-links.ts';
import { resolveInviteChat } from './perk-telegram.ts';
import * as svc from './perks.service.ts';

/** Perks under /api/v1/club/: create, read, manage, redeem. @fastify/multipart is registered in this scope. */
export async function perksRoutes(app: AppInstance, { deps }: ModuleOptions) {
  await registerMultipart(app);
  const db = deps.database.db;
  const config = deps.config;
  const storage = openMediaStorage(config);
  const links = createPrivateMediaLinks(config.jwtSecret, deps.now);
  const bot = telegramBotFromConfig(config.telegram);
  const resolveChat = (url: string) => resolveInviteChat(bot, url, app.log);
  const security = [{ bearer: [] }];
  const tags = ['perks'];
  const auth = { onRequest: app.authenticate };

  app.post(
    '/perks/',
    { ...auth, schema: { tags, security, response: { 201: perkDetail } } },
    async (request, reply) => {
      const { raw, files } = await readMultipartOrJson(request, { fileFields: ['media', 'exclusive_media'] });
      const userId = request.auth.userId;
      return withIdempotency(
        db,
        request,
        reply,
        async (tx) => {
          const input = parseBody(createPerkRequest, raw);
          const id = await svc.createPerkWithFiles(tx, storage, userId, input, files, { now: deps.now(), resolveChat });
          return { status: 201, body: await svc.perkDetail(tx, id, userId, links) };
        },
        { fingerprint: multipartFingerprint(raw, files) },
      );
    },
  );

  app.get(
    '/perks/',
    { ...auth, schema: { tags, security, querystring: perkListQuery, response: { 200: paginatedSchema(perkCard) } } },
    async (request) => {
      const page = await svc.listPerks(db, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/perks/my_perks/',
    { ...auth, schema: { tags, security, querystring: perkListQuery, response: { 200: paginatedSchema(myPerk) } } },
    async (request) => {
      const page = await svc.listMyPerks(db, request.auth.userId, request.query, links);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/perks/my_redemptions/',
    { ...auth, schema: { tags, security, querystring: pageQuery, response: { 200: paginatedSchema(myRedemption) } } },
    async (request) => {
      const page = await svc.listMyRedemptions(db, request.auth.userId, request.query, links);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  for (const path of ['/perks/:id/', '/perks/:id/details/']) {
    app.get(
      path,
      { ...auth, schema: { tags, security, params: idParams, response: { 200: perkDetail } } },
      async (request) => svc.perkDetail(db, request.params.id, request.auth.userId, links),
    );
  }

  app.get(
    '/perks/:id/content/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: perkContentResponse } } },
    async (request) => svc.perkContentFor(db, request.params.id, request.auth.userId, links),
  );

  app.get(
    '/perks/:id/purchasers/',
    {
      ...auth,
      schema: {
        tags,
        security,
        params: idParams,
        querystring: pageQuery,
        response: { 200: paginatedSchema(perkPurchaser) },
      },
    },
    async (request) => {
      const page = await svc.listPurchasers(db, request.params.id, request.auth.userId, request.query);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.patch(
    '/perks/:id/',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: perkDetail } } },
    async (request) => {
      const input = parseBody(updatePerkRequest, request.body);
      await svc.updatePerk(db, request.params.id, request.auth.userId, input, { now: deps.now(), resolveChat });
      return svc.perkDetail(db, request.params.id, request.auth.userId, links);
    },
  );

  app.delete('/perks/:id/', { ...auth, schema: { tags, security, params: idParams } }, async (request, reply) => {
    await svc.deletePerk(db, request.params.id, request.auth.userId);
    return reply.status(204).send();
  });

  for (const path of ['/perks/:id/redeem/', '/perks/:id/purchase/']) {
    app.post(
      path,
      { ...auth, schema: { tags, security, params: idParams, response: { 200: redeemResponse } } },
      async (request, reply) => {
        const expected = parseBody(redeemRequest, request.body ?? {}).expected_cost;
        const expectedCents = expected === undefined ? undefined : (amountToCents(expected) ?? undefined);
        return withIdempotency(db, request, reply, (tx) =>
          svc.redeemAndDeliver(tx, request.params.id, request.auth.userId, {
            now: deps.now(),
            expectedCostCents: expectedCents,
            links,
            invites: bot,
            productName: config.productName,
            log: request.log,
          }),
        );
      },
    );
  }
}
