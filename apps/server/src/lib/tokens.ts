import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { LIMITS, MSG, ErrorCode } from '@wyn/contract';
import { unauthorized } from './errors.ts';

export type AccessClaims = { sub: string; staff: boolean };

/** Verified access tokens kept per instance: at most this many, each until its own expiry. */
const VERIFIED_MAX = 20_000;

/**
 * Access tokens: HS256 JWTs signed and checked with fast-jwt, which uses node:crypto synchronously. Why not jose
 * (used before): on Node it checks an HMAC through WebCrypto, an asynchronous job per call that cost ~0.5–0.9 ms of
 * the server's CPU for each token it had not seen (9 % of a flash sale's profile, where every member's first
 * request brings a new token; docs/performance.md). The expiry is checked here against the injected clock.
 */
export function createTokenSigner(secret: string, now: () => Date = () => new Date()) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  const check = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
  /**
   * The signature of a token string never changes, so it is checked once per instance; the expiry is still
   * checked on every call. A token is a bearer secret either way: keeping it in memory adds nothing an attacker
   * lacks.
   */
  const verified = new Map<string, AccessClaims & { exp: number }>();
  const expired = () => unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
  return {
    async signAccess(userId: string, isStaff: boolean): Promise<{ token: string; expiresAt: Date }> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + LIMITS.accessTokenSeconds;
      const token = sign({ staff: isStaff, typ: 'access', sub: userId, iat: issuedAt, exp });
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verifyAccess(token: string): Promise<AccessClaims> {
      const nowSeconds = now().getTime() / 1000;
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp > nowSeconds) return { sub: hit.sub, staff: hit.staff };
        verified.delete(token);
        throw expired();
      }
      let payload: Record<string, unknown>;
      try {
        payload = check(token) as Record<string, unknown>;
      } catch (err) {
        if (err instanceof TokenError) throw expired();
        throw err;
      }
      // Every access token carries its expiry (signAccess): one without is not a session.
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        throw expired();
      if (payload.exp <= nowSeconds) throw expired();
      const claims = { sub: payload.sub, staff: payload.staff === true };
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, { ...claims, exp: payload.exp });
      return claims;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
