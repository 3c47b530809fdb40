import { profile } from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app.ts';
import { getOwnProfile } from './profiles.service.ts';

export async function profilesRoutes(app: AppInstance, { deps }: ModuleOptions) {
  app.get(
    '/profiles/me/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['profiles'], security: [{ bearer: [] }], response: { 200: profile } },
    },
    async (request) => getOwnProfile(deps.database.db, request.auth.userId, deps.config.publicUrl),
  );
}
