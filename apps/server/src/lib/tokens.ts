import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LIMITS, MSG, ErrorCode } from '@wyn/contract';
import { unauthorized } from './errors.ts';

export type AccessClaims = { sub: string; staff: boolean };

export function createTokenSigner(secret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(userId: string, isStaff: boolean): Promise<{ token: string; expiresAt: Date }> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + LIMITS.accessTokenSeconds;
      const token = await new SignJWT({ staff: isStaff, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verifyAccess(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string')
          throw unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
        return { sub: payload.sub, staff: payload.staff === true };
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
