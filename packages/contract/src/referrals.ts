import { z } from 'zod';
import { amountString } from './common.ts';
import { REFERRAL_CODE_RE } from './deep-links.ts';

/**
 * Referrals that cannot be farmed (issue #16 items 8–10; docs/product.md, "Referrals"). Every member has a code
 * and a link (`r_<code>`); a newcomer who signs up through it is recorded as referred, and the referral
 * qualifies (paying both sides once) only when the newcomer's first quest completion is approved within
 * `REFERRAL_QUALIFY_DAYS` of joining.
 */
export const REFERRAL_STATUSES = ['pending', 'qualified', 'expired'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Days from joining within which the newcomer's first approval qualifies the referral. */
export const REFERRAL_QUALIFY_DAYS = 30;

/**
 * `referral_code` in a sign-up body: a malformed code is dropped rather than refused, since a referral that does
 * not apply is refused silently (the sign-up itself goes on).
 */
export const referralCodeField = z.preprocess((v) => {
  const code = typeof v === 'string' ? v.trim().replace(/^r_/, '') : '';
  return REFERRAL_CODE_RE.test(code) ? code : undefined;
}, z.string().optional());

export const referralInvitee = z.object({
  profile: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }),
  status: z.enum(REFERRAL_STATUSES),
  joined_at: z.string(),
  qualified_at: z.string().nullable(),
  /** False when the referral qualified beyond the daily cap (or the referrer was disabled): it paid them nothing. */
  rewarded: z.boolean(),
});
export type ReferralInvitee = z.infer<typeof referralInvitee>;

export const referralsResponse = z.object({
  code: z.string(),
  /** The link to share: the Mini App (`https://t.me/<bot>/<app>?startapp=r_<code>`) when configured, else the web one. */
  link: z.string(),
  /** The same invitation in a browser: `<origin>/?startapp=r_<code>`. */
  web_link: z.string(),
  /** One line to send along with the link. */
  share_text: z.string(),
  /** The newest invitees first (at most 200; `invited_count` has them all). */
  invited: z.array(referralInvitee),
  invited_count: z.number().int(),
  /** Of them, how many qualified (all of them, not only the listed). */
  qualified_count: z.number().int(),
  /** What inviting has paid this member so far (referrer rewards only, not their own welcome). */
  total_earned: amountString,
  /** The current terms, for the screen's explanation. */
  reward: amountString,
  welcome: amountString,
  daily_cap: z.number().int(),
  qualify_days: z.number().int(),
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;
