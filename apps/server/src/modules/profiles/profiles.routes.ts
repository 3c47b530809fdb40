import {
  AVATAR_ALLOWED_TYPES,
  profileCountResponse,
  followResponse,
  profileIdParams,
  profile,
  profileDetail,
  PROFILE_MSG,
  updateProfileRequest,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { openMediaStorage } from '../../integrations/open-media-storage.ts';
import { forbidden } from '../../lib/errors.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { uploadRateLimit } from '../media/media.routes.ts';
import { discardOwnUnusedMedia, discardUpload, storeMedia } from '../media/media.service.ts';
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
      if (request.params.id !== userId) throw forbidden(PROFILE_MSG.updateForbidden);
      if (request.isMultipart()) await uploadLimit(request);
      const { raw, files } = await readMultipartOrJson(request, { fileFields: ['avatar'] });
      const input = parseBody(updateProfileRequest, raw);
      const avatar = files.find((f) => f.field === 'avatar');
      const upload = avatar
        ? await storeMedia(db, storage, userId, avatar, {
            allowed: AVATAR_ALLOWED_TYPES,
            unsupportedMessage: PROFILE_MSG.avatarImageOnly,
          })
        : undefined;
      let replacedAvatar: string | null;
      try {
        ({ replacedAvatar } = await svc.updateProfile(db, userId, input, upload?.url, deps.now()));
      } catch (err) {
        // Nothing refers to the new file (a taken username, say): do not keep it.
        if (upload)
          await discardUpload(db, storage, upload).catch((e: unknown) =>
            request.log.warn({ err: e }, 'could not remove the upload of a failed profile edit'),
          );
        throw err;
      }
      // Cleaning up is not the member's concern: the edit has succeeded whatever happens to the old file.
      if (replacedAvatar)
        await discardOwnUnusedMedia(db, storage, userId, replacedAvatar).catch((e: unknown) =>
          request.log.warn({ err: e }, 'could not remove a replaced avatar'),
        );
      return svc.getProfileDetail(db, userId, userId, publicUrl);
    },
  );
}
