import type { User } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import {
  accountCache,
  authSession,
  jwtExpiry,
  onboarding,
  redirectAfterAuth,
  STORAGE_KEYS,
  userDisplayName,
} from './session';

const user: User = {
  id: '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b',
  username: 'ana',
  email: null,
  phone_number: null,
  first_name: 'Ana',
  last_name: 'Ng',
  tg_username: null,
  telegram_id: null,
  telegram_photo_url: null,
  is_verified: true,
  is_staff: false,
  date_joined: '2025-01-01T00:00:00Z',
};

describe('authSession', () => {
  it('tells its subscribers about a changed member only, not the same member fetched again', () => {
    authSession.signIn({ access: 'a0', refresh: 'r0', access_expires_at: '2030-01-01T00:00:00Z', user });
    let changes = 0;
    const off = authSession.subscribe(() => changes++);
    authSession.setUser({ ...user });
    expect(changes).toBe(0);
    authSession.setUser({ ...user, first_name: 'Anna' });
    expect(changes).toBe(1);
    expect(authSession.get().user?.first_name).toBe('Anna');
    off();
    authSession.clear();
  });

  it('stores a sign-in in localStorage and clears everything on sign-out', () => {
    accountCache.setWallet({ id: user.id, user: user.id, balance: '1.00' });
    authSession.signIn({ access: 'a1', refresh: 'r1', access_expires_at: '2030-01-01T00:00:00Z', user });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('a1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ id: user.id });
    expect(Number(localStorage.getItem(STORAGE_KEYS.tokenExpiry))).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).not.toBeNull();
    // a new sign-in drops the previous member's caches
    expect(accountCache.getWallet()).toBeNull();
    expect(authSession.isAuthenticated()).toBe(true);

    accountCache.setProfile({ id: user.id } as never);
    accountCache.setSettings({ theme: 'dark' } as never);
    onboarding.complete();
    authSession.clear();
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.user,
      STORAGE_KEYS.tokenExpiry,
      STORAGE_KEYS.profile,
      STORAGE_KEYS.settings,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(onboarding.isCompleted()).toBe(true);
    expect(authSession.isAuthenticated()).toBe(false);
  });

  it('accepts the alternative token/refresh_token response and reads expiry from the JWT', () => {
    const exp = 1_900_000_000;
    const jwt = `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;
    authSession.signIn({ token: jwt, refresh_token: 'rt', user });
    expect(authSession.get()).toMatchObject({ token: jwt, refreshToken: 'rt', expiresAt: exp * 1000 });
    expect(jwtExpiry('garbage')).toBeNull();
    authSession.clear();
  });

  it('redirectAfterAuth keeps only in-app paths and is read once', () => {
    redirectAfterAuth.set('//evil.example');
    expect(redirectAfterAuth.take()).toBeNull();
    redirectAfterAuth.set('/wallet?x=1');
    expect(redirectAfterAuth.take()).toBe('/wallet?x=1');
    expect(redirectAfterAuth.take()).toBeNull();
  });

  it('userDisplayName: full name, else username', () => {
    expect(userDisplayName(user)).toBe('Ana Ng');
    expect(userDisplayName({ ...user, first_name: '', last_name: '' })).toBe('ana');
    expect(userDisplayName({ ...user, first_name: '', last_name: '', username: null })).toBeNull();
  });
});
