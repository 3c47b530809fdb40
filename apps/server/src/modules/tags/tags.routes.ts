import { createTagRequest, paginated as paginatedSchema, tag, tagListQuery } from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { paginated } from '../../lib/pagination.ts';
import { findOrCreateTag, listTags } from './tags.service.ts';

export async function tagsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const tags = ['tags'];
  const security = [{ bearer: [] }];

  app.get(
    '/tags/',
    {
      onRequest: app.authenticate,
      schema: { tags, security, querystring: tagListQuery, response: { 200: paginatedSchema(tag) } },
    },
    async (request) => {
      const page = await listTags(db, request.query);
      return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
    },
  );

  // 201 when the tag is new, 200 with the existing tag when the name is taken (in any case).
  app.post(
    '/tags/',
    {
      onRequest: app.authenticate,
      schema: { tags, security, body: createTagRequest, response: { 200: tag, 201: tag } },
    },
    async (request, reply) => {
      const { tag: result, created } = await findOrCreateTag(db, request.body.name, request.auth.userId);
      return reply.status(created ? 201 : 200).send(result);
    },
  );
}
