import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { LIMITS } from '@wyn/contract';
import { createTokenSigner } from './tokens.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const USER = '8e794700-0000-4000-8000-000000000001';

describe('access tokens', () => {
  it('verifies a token again from memory, and still refuses it once it has expired', async () => {
    let clock = new Date('2026-11-27T10:00:00Z');
    const signer = createTokenSigner(SECRET, () => clock);
    const { token } = await signer.signAccess(USER, true);
    expect(await signer.verifyAccess(token)).toEqual({ sub: USER, staff: true });
    expect(await signer.verifyAccess(token)).toEqual({ sub: USER, staff: true });
    clock = new Date(clock.getTime() + LIMITS.accessTokenSeconds * 1000 - 1000);
    expect(await signer.verifyAccess(token)).toEqual({ sub: USER, staff: true });
    clock = new Date(clock.getTime() + 1000);
    await expect(signer.verifyAccess(token)).rejects.toMatchObject({ statusCode: 401, code: 'token_invalid' });
    await expect(signer.verifyAccess(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a token with another signature, another secret or another type, even after a good one', async () => {
    const signer = createTokenSigner(SECRET);
    const { token } = await signer.signAccess(USER, false);
    await signer.verifyAccess(token);
    const [h, p, s] = token.split('.');
    const flipped = `${h}.${p}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`;
    await expect(signer.verifyAccess(flipped)).rejects.toMatchObject({ statusCode: 401 });
    const other = await createTokenSigner(`${SECRET}-other`).signAccess(USER, false);
    await expect(signer.verifyAccess(other.token)).rejects.toMatchObject({ statusCode: 401 });
    const refresh = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USER)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    await expect(signer.verifyAccess(refresh)).rejects.toMatchObject({ statusCode: 401 });
    await expect(signer.verifyAccess(refresh)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('accepts a token another library signed with the secret (jose), and refuses one without an expiry', async () => {
    let clock = new Date('2026-11-27T10:00:00Z');
    const signer = createTokenSigner(SECRET, () => clock);
    const at = Math.floor(clock.getTime() / 1000);
    const key = new TextEncoder().encode(SECRET);
    const good = await new SignJWT({ staff: false, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USER)
      .setIssuedAt(at)
      .setExpirationTime(at + 60)
      .sign(key);
    expect(await signer.verifyAccess(good)).toEqual({ sub: USER, staff: false });
    clock = new Date(clock.getTime() + 61_000);
    await expect(signer.verifyAccess(good)).rejects.toMatchObject({ statusCode: 401, code: 'token_invalid' });
    const endless = await new SignJWT({ staff: true, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USER)
      .sign(key);
    await expect(signer.verifyAccess(endless)).rejects.toMatchObject({ statusCode: 401 });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${good.split('.')[1]}.`;
    await expect(signer.verifyAccess(none)).rejects.toMatchObject({ statusCode: 401 });
  });
});
