/**
 * Deep links into the Mini App (issue #14 items 8, 9 and 12): the `startapp` / `start` parameter that names a
 * screen. One format, read by the web app after sign-in and by the bot's `/start`, written by the share links.
 * Zod-free so the web app can import it.
 *
 * `q_<quest id>` → the quest, `p_<perk id>` → the perk, `u_<profile id>` → the profile, `r_<referral code>` →
 * Home, with the code kept for the referral feature. Telegram allows 1–64 characters of `A-Za-z0-9_-`.
 */

export type StartTarget =
  | { kind: 'quest'; id: string }
  | { kind: 'perk'; id: string }
  | { kind: 'profile'; id: string }
  | { kind: 'referral'; code: string };

export type StartTargetKind = StartTarget['kind'];

export const START_PARAM_PREFIX = { quest: 'q', perk: 'p', profile: 'u', referral: 'r' } as const satisfies Record<
  StartTargetKind,
  string
>;

/** What Telegram accepts as a `startapp` or `start` value. */
export const START_PARAM_RE = /^[A-Za-z0-9_-]{1,64}$/;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A referral code (the part after `r_`). */
export const REFERRAL_CODE_RE = /^[A-Za-z0-9_-]{1,62}$/;

const KIND_BY_PREFIX: Record<string, StartTargetKind> = Object.fromEntries(
  Object.entries(START_PARAM_PREFIX).map(([kind, prefix]) => [prefix, kind as StartTargetKind]),
);

/** The parameter that opens `target`: `q_<id>`, `p_<id>`, `u_<id>` or `r_<code>`. */
export function startParamFor(target: StartTarget): string {
  const value = target.kind === 'referral' ? target.code : target.id;
  return `${START_PARAM_PREFIX[target.kind]}_${value}`;
}

/** Reads a start parameter; null for anything unknown or malformed (the caller then lands on Home). */
export function parseStartParam(raw: string | null | undefined): StartTarget | null {
  if (typeof raw !== 'string' || !START_PARAM_RE.test(raw)) return null;
  const sep = raw.indexOf('_');
  if (sep < 1) return null;
  const kind = KIND_BY_PREFIX[raw.slice(0, sep)];
  const value = raw.slice(sep + 1);
  if (!kind) return null;
  if (kind === 'referral') return REFERRAL_CODE_RE.test(value) ? { kind, code: value } : null;
  return UUID_RE.test(value) ? { kind, id: value.toLowerCase() } : null;
}
