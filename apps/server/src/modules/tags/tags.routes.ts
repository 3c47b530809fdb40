import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { paginated } from '../../lib/pagination.ts';
import { findOrCreateTag, listTags } from './tags.service.ts';

export async function tagsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;

  contractRoute(app, endpoints.tags, async (request) => {
    const page = await listTags(db, request.query);
    return paginated(request, deps.config.publicUrl, request.query, page.rows, page.count);
  });

  // 201 when the tag is new, 200 with the existing tag when the name is taken (in any case).
  contractRoute(app, endpoints.tagCreate, async (request, reply) => {
    const { tag: result, created } = await findOrCreateTag(db, request.body.name, request.auth.userId);
    return reply.status(created ? 201 : 200).send(result);
  });
}
