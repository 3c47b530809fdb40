import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LIMITS, MSG, ErrorCode } from '@wyn/contract';
import { unauthorized } from './errors.ts';

export type AccessClaims = { sub: string; staff: boolean };

/** Verified access tokens kept per instance: at most this many, each until its own expiry. */
const VERIFIED_MAX = 20_000;

export function createTokenSigner(secret: string, now: () => Date = () => new Date()) {
  const raw = new TextEncoder().encode(secret);
  // Imported once: jose re-imports a raw key into WebCrypto on every call otherwise.
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  /**
   * The signature of a token string never changes, so it is checked once per instance (an HMAC through WebCrypto
   * cost every authenticated request ~6% of the server's CPU, docs/performance.md); the expiry is still checked
   * on every call. A token is a bearer secret either way: keeping it in memory adds nothing an attacker lacks.
   */
  const verified = new Map<string, AccessClaims & { exp: number }>();
  return {
    async signAccess(userId: string, isStaff: boolean): Promise<{ token: string; expiresAt: Date }> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + LIMITS.accessTokenSeconds;
      const token = await new SignJWT({ staff: isStaff, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(await key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verifyAccess(token: string): Promise<AccessClaims> {
      const nowSeconds = now().getTime() / 1000;
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp > nowSeconds) return { sub: hit.sub, staff: hit.staff };
        verified.delete(token);
        throw unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now() });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string')
          throw unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
        const claims = { sub: payload.sub, staff: payload.staff === true };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.clear();
          verified.set(token, { ...claims, exp: payload.exp });
        }
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) throw unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
        throw err;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
