import { updateProfileRequest } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { parseBody, readMultipartOrJson, registerMultipart } from '../../lib/multipart-body.ts';
import { uploadRateLimit } from '../../lib/upload-rate-limit.ts';
import * as svc from './profiles.service.ts';

/** Profiles and follows under /api/v1/club/. @fastify/multipart is registered in this scope (avatars). */
export async function profilesRoutes(app: AppInstance, { deps }: ModuleOptions) {
  await registerMultipart(app);
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;
  const storage = deps.media;
  const uploadLimit = uploadRateLimit(app);

  contractRoute(app, endpoints.myProfile, async (request) => svc.getOwnProfile(db, request.auth.userId, publicUrl));

  contractRoute(app, endpoints.profile, async (request) =>
    svc.getProfileDetail(db, request.params.id, request.auth.userId, publicUrl),
  );

  contractRoute(app, endpoints.profileFollowersCount, async (request) => ({
    count: (await svc.getFollowCounts(db, request.params.id)).followers,
  }));

  contractRoute(app, endpoints.profileFollowingCount, async (request) => ({
    count: (await svc.getFollowCounts(db, request.params.id)).following,
  }));

  contractRoute(app, endpoints.profileFollow, async (request) =>
    svc.follow(db, request.auth.userId, request.params.id),
  );

  contractRoute(app, endpoints.profileUnfollow, async (request) =>
    svc.unfollow(db, request.auth.userId, request.params.id),
  );

  // JSON with names, username and bio, or multipart with the same text fields plus an `avatar` image; the
  // service asks for the body only once it has found the caller may edit this profile.
  contractRoute(app, endpoints.profileUpdate, async (request) =>
    svc.editOwnProfile(
      db,
      storage,
      request.auth.userId,
      request.params.id,
      async () => {
        if (request.isMultipart()) await uploadLimit(request);
        const { raw, files } = await readMultipartOrJson(request, { fileFields: ['avatar'] });
        return { input: parseBody(updateProfileRequest, raw), avatar: files.find((f) => f.field === 'avatar') };
      },
      { now: deps.now(), publicUrl, log: request.log },
    ),
  );
}
