import {
  profileCountResponse,
  followResponse,
  profileIdParams,
  profile,
  profileDetail,
  updateProfileRequest,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { openMediaStorage } from '../../integrations/open-media-storage.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { uploadRateLimit } from '../media/media.routes.ts';
import * as svc from './profiles.service.ts';

/** Profiles and follows under /api/v1/club/. @fastify/multipart is registered in this scope (avatars). */
export async function profilesRoutes(app: AppInstance, { deps }: ModuleOptions) {
  await registerMultipart(app);
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;
  const storage = openMediaStorage(deps.config);
  const uploadLimit = uploadRateLimit(app);
  const security = [{ bearer: [] }];
  const tags = ['profiles'];
  const auth = { onRequest: app.authenticate };

  app.get('/profiles/me/', { ...auth, schema: { tags, security, response: { 200: profile } } }, async (request) =>
    svc.getOwnProfile(db, request.auth.userId, publicUrl),
  );

  app.get(
    '/profiles/:id/',
    { ...auth, schema: { tags, security, params: profileIdParams, response: { 200: profileDetail } } },
    async (request) => svc.getProfileDetail(db, request.params.id, request.auth.userId, publicUrl),
  );

  app.get(
    '/profiles/:id/followers_count/',
    { ...auth, schema: { tags, security, params: profileIdParams, response: { 200: profileCountResponse } } },
    async (request) => ({ count: (await svc.getFollowCounts(db, request.params.id)).followers }),
  );

  app.get(
    '/profiles/:id/following_count/',
    { ...auth, schema: { tags, security, params: profileIdParams, response: { 200: profileCountResponse } } },
    async (request) => ({ count: (await svc.getFollowCounts(db, request.params.id)).following }),
  );

  app.post(
    '/profiles/:id/follow/',
    { ...auth, schema: { tags, security, params: profileIdParams, response: { 200: followResponse } } },
    async (request) => svc.follow(db, request.auth.userId, request.params.id),
  );

  app.post(
    '/profiles/:id/unfollow/',
    { ...auth, schema: { tags, security, params: profileIdParams, response: { 200: followResponse } } },
    async (request) => svc.unfollow(db, request.auth.userId, request.params.id),
  );

  // JSON with names, username and bio, or multipart with the same text fields plus an `avatar` image.
  app.patch(
    '/profiles/:id/',
    {
      ...auth,
      schema: {
        tags,
        security,
        params: profileIdParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: profileDetail },
      },
    },
    async (request) => {
      const userId = request.auth.userId;
      // Refused before the upload limit is spent or the body read.
      svc.assertOwnProfile(userId, request.params.id);
      if (request.isMultipart()) await uploadLimit(request);
      const { raw, files } = await readMultipartOrJson(request, { fileFields: ['avatar'] });
      const input = parseBody(updateProfileRequest, raw);
      const avatar = files.find((f) => f.field === 'avatar');
      await svc.updateProfileWithAvatar(db, storage, userId, input, avatar, {
        now: deps.now(),
        warn: (err, message) => request.log.warn({ err }, message),
      });
      return svc.getProfileDetail(db, userId, userId, publicUrl);
    },
  );
}
