import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuthErrorCode, ErrorCode, MSG, uuid } from '@wyn/contract';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import type { AccountStatus } from '../modules/accounts/account-status.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` guard; routes without the guard must not read it. */
    auth: { userId: string; isStaff: boolean };
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** After `authenticate`: 403 unless the member is staff now (the token's claim may be stale). */
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

/** Reads `Authorization: Bearer <access>`; routes opt in with `onRequest: app.authenticate`. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { signer: TokenSigner; accounts: AccountStatus }) => {
  app.decorateRequest('auth', null as never);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const claims = await opts.signer.verifyAccess(match[1]);
    // Every query binds the id as a uuid: a token whose subject is not one (signed with a leaked or test
    // secret, or by a future issuer) is not a session, and must not become a database error.
    const sub = uuid.safeParse(claims.sub);
    if (!sub.success) throw unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
    const userId = sub.data.toLowerCase();
    // A valid token is not enough: an account disabled since it was issued stops now, not at its expiry.
    if (!(await opts.accounts.isActive(userId))) throw unauthorized(MSG.accountDisabled, AuthErrorCode.accountDisabled);
    request.auth = { userId, isStaff: claims.staff };
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    if (!(await opts.accounts.isStaff(request.auth.userId))) throw forbidden(MSG.staffOnly);
    request.auth = { ...request.auth, isStaff: true };
  });
});
