import { useSyncExternalStore } from 'react';
import type { AuthResponse, Profile, User, UserSettings, Wallet } from '@wyn/contract';
import { local, session as sessionStore } from './storage';

/** localStorage keys (docs/spec/01-signin-home-create.md §4: token, refresh token, user, last activity, token expiry, caches, onboarding). */
export const STORAGE_KEYS = {
  token: 'wyn.token',
  refreshToken: 'wyn.refresh_token',
  user: 'wyn.user',
  lastActivity: 'wyn.last_activity',
  tokenExpiry: 'wyn.token_expiry',
  profile: 'wyn.profile',
  wallet: 'wyn.wallet',
  settings: 'wyn.settings',
  onboardingCompleted: 'wyn.onboarding_completed',
} as const;

/** sessionStorage key of the path to return to after a Telegram sign-in. */
const REDIRECT_KEY = 'wyn.redirect_after_auth';

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
  /** Access-token expiry in ms since the epoch; null when unknown. */
  expiresAt: number | null;
}

/** Accepts {access, refresh} or the alternative {token, refresh_token}. */
export interface TokenPayload {
  access?: string;
  token?: string;
  refresh?: string;
  refresh_token?: string;
  access_expires_at?: string;
}

/** The `exp` claim of a JWT in ms, or null. */
export function jwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function expiryOf(payload: TokenPayload, access: string): number | null {
  if (payload.access_expires_at) {
    const t = Date.parse(payload.access_expires_at);
    if (Number.isFinite(t)) return t;
  }
  return jwtExpiry(access);
}

function clearAccountCaches() {
  for (const key of [STORAGE_KEYS.profile, STORAGE_KEYS.wallet, STORAGE_KEYS.settings]) local.remove(key);
}

function read(): SessionState {
  const expiry = Number(local.get(STORAGE_KEYS.tokenExpiry));
  return {
    token: local.get(STORAGE_KEYS.token),
    refreshToken: local.get(STORAGE_KEYS.refreshToken),
    user: local.getJson<User>(STORAGE_KEYS.user),
    expiresAt: Number.isFinite(expiry) && expiry > 0 ? expiry : null,
  };
}

let state: SessionState =
  typeof window === 'undefined' ? { token: null, refreshToken: null, user: null, expiresAt: null } : read();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function persist(next: SessionState) {
  state = next;
  const set = (key: string, v: string | null) => (v == null ? local.remove(key) : local.set(key, v));
  set(STORAGE_KEYS.token, next.token);
  set(STORAGE_KEYS.refreshToken, next.refreshToken);
  if (next.user) local.setJson(STORAGE_KEYS.user, next.user);
  else local.remove(STORAGE_KEYS.user);
  set(STORAGE_KEYS.tokenExpiry, next.expiresAt == null ? null : String(next.expiresAt));
  emit();
}

export const authSession = {
  get(): SessionState {
    return state;
  },
  isAuthenticated(): boolean {
    return Boolean(state.token);
  },
  /** Stores a sign-in result (login, code verification, Telegram). */
  signIn(res: AuthResponse | (TokenPayload & { user: User })): void {
    const p = res as TokenPayload & { user: User };
    const access = p.access ?? p.token;
    if (!access) throw new Error('Sign-in response carries no access token');
    clearAccountCaches();
    persist({
      token: access,
      refreshToken: p.refresh ?? p.refresh_token ?? null,
      user: p.user,
      expiresAt: expiryOf(p, access),
    });
    this.touch();
  },
  /** Stores refreshed tokens; keeps the refresh token when the response has none. */
  setTokens(payload: TokenPayload): void {
    const access = payload.access ?? payload.token;
    if (!access) throw new Error('Refresh response carries no access token');
    persist({
      ...state,
      token: access,
      refreshToken: payload.refresh ?? payload.refresh_token ?? state.refreshToken,
      expiresAt: expiryOf(payload, access),
    });
  },
  /** Stores the member as the server now describes them; the same member again changes nothing (no re-render). */
  setUser(user: User): void {
    if (JSON.stringify(user) === JSON.stringify(state.user)) return;
    persist({ ...state, user });
  },
  /** Clears tokens, user and the profile, wallet and settings caches. */
  clear(): void {
    clearAccountCaches();
    local.remove(STORAGE_KEYS.lastActivity);
    persist({ token: null, refreshToken: null, user: null, expiresAt: null });
  },
  touch(): void {
    local.set(STORAGE_KEYS.lastActivity, String(Date.now()));
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads storage (another tab signed in or out). */
  reload(): void {
    state = read();
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.user) authSession.reload();
  });
}

/** The whole session state; re-renders on sign-in, refresh and sign-out. */
export function useSession(): SessionState {
  return useSyncExternalStore(authSession.subscribe, authSession.get, authSession.get);
}

export function useCurrentUser(): User | null {
  return useSession().user;
}

export function useIsAuthenticated(): boolean {
  return Boolean(useSession().token);
}

/** Cached copies of own profile, wallet and settings (cleared on sign-out). */
export const accountCache = {
  getProfile: () => local.getJson<Profile>(STORAGE_KEYS.profile),
  setProfile: (p: Profile) => local.setJson(STORAGE_KEYS.profile, p),
  getWallet: () => local.getJson<Wallet>(STORAGE_KEYS.wallet),
  setWallet: (w: Wallet) => local.setJson(STORAGE_KEYS.wallet, w),
  getSettings: () => local.getJson<UserSettings>(STORAGE_KEYS.settings),
  setSettings: (s: UserSettings) => local.setJson(STORAGE_KEYS.settings, s),
};

export const onboarding = {
  isCompleted: () => local.get(STORAGE_KEYS.onboardingCompleted) === 'true',
  complete: () => local.set(STORAGE_KEYS.onboardingCompleted, 'true'),
};

/** Where to go after signing in (set when a protected route bounces a signed-out visitor). */
export const redirectAfterAuth = {
  set(path: string) {
    if (path.startsWith('/') && !path.startsWith('//')) sessionStore.set(REDIRECT_KEY, path);
  },
  /** Returns and forgets the stored path. */
  take(): string | null {
    const p = sessionStore.get(REDIRECT_KEY);
    sessionStore.remove(REDIRECT_KEY);
    return p && p.startsWith('/') && !p.startsWith('//') ? p : null;
  },
};

/** Display name of a user: full name, else username, else Telegram username. */
export function userDisplayName(
  user: Pick<User, 'first_name' | 'last_name' | 'username' | 'tg_username'> | null,
): string | null {
  if (!user) return null;
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return full || user.username || user.tg_username || null;
}
