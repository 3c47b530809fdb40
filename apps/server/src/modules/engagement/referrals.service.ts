import { randomBytes } from 'node:crypto';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  min,
  ne,
  notExists,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  centsToAmount,
  formatPoints,
  REFERRAL_QUALIFY_DAYS,
  startParamFor,
  type ReferralsResponse,
} from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  profiles,
  questCompletions,
  quests,
  referrals,
  transactions,
  users,
  xpEntries,
} from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { displayName } from '../../lib/display-name.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getMemberWallet, lockWallets, move, systemWalletId } from '../wallet/wallet.service.ts';
import { deepLink } from '../../lib/deep-links.ts';
import { awardXp } from './xp.service.ts';

/**
 * Referrals that cannot be farmed (issue #16 items 8–10; docs/product.md, "Referrals"). A newcomer is recorded
 * as referred only when their account is created through an `r_<code>` link; the referral pays (both sides, once)
 * only when the newcomer's first quest completion is approved within 30 days of joining, and the inviting member
 * is paid for at most `REFERRAL_DAILY_CAP` qualifications a UTC day.
 */

export const REFERRAL_XP = 50;
const DAY_MS = 86_400_000;
const QUALIFY_MS = REFERRAL_QUALIFY_DAYS * DAY_MS;
const INVITED_LIST_MAX = 200;
/** The inviting member's reward is told apart from their own welcome (same transaction type) by this text. */
export const REFERRER_REWARD_DESCRIPTION = 'Invite reward: a member you invited completed their first quest';
export const WELCOME_DESCRIPTION = 'Welcome reward: you joined through an invite';

// Lower-case letters and digits: easy to read aloud and never changed by a case-folding chat client.
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return code;
}

/** The member's referral code, made on first use (unique; a collision or a concurrent first use is retried). */
export async function ensureReferralCode(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new Error('member not found');
    if (row.code) return row.code;
    try {
      const [set] = await db
        .update(users)
        .set({ referralCode: newCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ code: users.referralCode });
      if (set?.code) return set.code;
      // Someone else set it first: read theirs.
    } catch (err) {
      if (violatedUniqueIndex(err) !== 'users_referral_code_uq') throw err;
    }
  }
  throw new Error('could not make a referral code');
}

/**
 * Records that the account just created (`inviteeId`, in the caller's transaction) came through `code`. Refused
 * silently (false) for an existing account, an unknown code, a disabled inviting member, oneself, and a cycle (the
 * inviting member was themselves referred, directly or further up, by the newcomer). Callers pass only accounts
 * they have just created; an account is checked to be one all the same: its `date_joined` (`now()` by default) is
 * this transaction's start, which no account made by an earlier transaction has.
 */
export async function recordReferral(
  tx: DbOrTx,
  input: { inviteeId: string; code: string | null | undefined; at: Date },
): Promise<boolean> {
  if (!input.code) return false;
  const [created] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.inviteeId), sql`${users.dateJoined} = now()`))
    .limit(1);
  if (!created) return false;
  const [referrer] = await tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.referralCode, input.code.toLowerCase()))
    .limit(1);
  if (!referrer || !referrer.isActive || referrer.id === input.inviteeId) return false;
  const { rows } = (await tx.execute(sql`
    with recursive up(id, depth) as (
      select ${referrer.id}::uuid, 0
      union all
      select r.referrer_id, up.depth + 1 from referrals r join up on r.invitee_id = up.id where up.depth < 100
    )
    select 1 as hit from up where id = ${input.inviteeId}::uuid limit 1`)) as unknown as { rows: unknown[] };
  if (rows.length > 0) return false;
  const inserted = await tx
    .insert(referrals)
    .values({ inviteeId: input.inviteeId, referrerId: referrer.id, joinedAt: input.at })
    .onConflictDoNothing()
    .returning({ id: referrals.inviteeId });
  return inserted.length > 0;
}

const utcDayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export type QualifyOutcome = 'qualified' | 'qualified_unrewarded' | 'expired' | 'none';

/**
 * Qualifies the member's referral when their first quest completion has been approved within 30 days of joining
 * (else it expires). Exactly once: the referral row is locked and only a pending one changes. Pays the newcomer's
 * welcome and, within the inviting member's daily cap, their reward and XP, all from the system account in the
 * caller's transaction.
 */
export async function qualifyReferralTx(
  tx: Tx,
  config: Pick<Config, 'referrals'>,
  inviteeId: string,
): Promise<QualifyOutcome> {
  const [ref] = await tx.select().from(referrals).where(eq(referrals.inviteeId, inviteeId)).for('update');
  if (!ref || ref.status !== 'pending') return 'none';
  const [first] = await tx
    .select({ at: min(questCompletions.verifiedDate) })
    .from(questCompletions)
    .innerJoin(quests, eq(quests.id, questCompletions.questId))
    .where(countingApprovals(inviteeId, ref.referrerId));
  const approvedAt = first?.at ? new Date(first.at) : null;
  if (!approvedAt) return 'none';
  if (approvedAt.getTime() - ref.joinedAt.getTime() > QUALIFY_MS) {
    await tx.update(referrals).set({ status: 'expired' }).where(eq(referrals.inviteeId, inviteeId));
    return 'expired';
  }

  // One inviting member's qualifications are counted one at a time, so two at once cannot both be the 10th.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-cap:${ref.referrerId}`}))`);
  const [referrer] = await tx
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, ref.referrerId))
    .limit(1);
  const dayStart = utcDayStart(approvedAt);
  // A paid qualification is the inviting member's referral XP entry (made at the approval's time).
  const [paidToday] = await tx
    .select({ n: count() })
    .from(xpEntries)
    .where(
      and(
        eq(xpEntries.userId, ref.referrerId),
        eq(xpEntries.source, 'referral'),
        gte(xpEntries.createdAt, dayStart),
        lt(xpEntries.createdAt, new Date(dayStart.getTime() + DAY_MS)),
      ),
    );
  const rewarded = Boolean(referrer?.isActive) && (paidToday?.n ?? 0) < config.referrals.dailyCap;

  await tx
    .update(referrals)
    .set({ status: 'qualified', qualifiedAt: approvedAt })
    .where(eq(referrals.inviteeId, inviteeId));
  const system = await systemWalletId(tx);
  const { rewardCents, welcomeCents } = config.referrals;
  const inviteeWallet = (await getMemberWallet(tx, inviteeId)).id;
  const referrerWallet = (await getMemberWallet(tx, ref.referrerId)).id;
  // Up to two moves: their three wallets are locked at once, in id order (decision 0022).
  await lockWallets(tx, [system, inviteeWallet, referrerWallet]);
  if (welcomeCents > 0) {
    await move(tx, {
      fromWalletId: system,
      toWalletId: inviteeWallet,
      amountCents: welcomeCents,
      type: 'referral_reward',
      description: WELCOME_DESCRIPTION,
    });
    await notify(tx, inviteeId, {
      type: 'reward',
      title: `+${formatPoints(welcomeCents / 100)} welcome reward`,
      message: 'You joined through an invite and completed your first quest.',
    });
  }
  // The inviter's XP entry (one per invitee) is the mark that they were paid for this newcomer.
  const paid =
    rewarded &&
    (await awardXp(tx, {
      userId: ref.referrerId,
      amount: REFERRAL_XP,
      source: 'referral',
      sourceId: inviteeId,
      at: approvedAt,
    }));
  const referrerRewardCents = paid ? rewardCents : 0;
  if (paid) {
    if (rewardCents > 0) {
      await move(tx, {
        fromWalletId: system,
        toWalletId: referrerWallet,
        amountCents: rewardCents,
        type: 'referral_reward',
        description: REFERRER_REWARD_DESCRIPTION,
      });
      await notify(tx, ref.referrerId, {
        type: 'reward',
        title: `+${formatPoints(rewardCents / 100)} invite reward`,
        message: 'A member you invited completed their first quest.',
        link: '/invite',
      });
    }
  }
  // Both balances changed: the members' open tabs refresh them (the live wallet consumer).
  if (welcomeCents > 0 || referrerRewardCents > 0)
    await recordEvent(tx, {
      type: 'referral.rewarded',
      payload: { inviteeId, referrerId: ref.referrerId, welcomeCents, referrerRewardCents },
    });
  return paid ? 'qualified' : 'qualified_unrewarded';
}

/**
 * Pending referrals past their 30 days become expired (lazily, when their inviting member looks), unless an
 * approval that counts came within the 30 days: its consumer may still be on its way (a retry), and will qualify it.
 */
export async function expireReferrals(db: DbOrTx, referrerId: string, now: Date): Promise<void> {
  const inTime = db
    .select({ one: sql`1` })
    .from(questCompletions)
    .innerJoin(quests, eq(quests.id, questCompletions.questId))
    .where(
      and(
        countingApprovals(referrals.inviteeId, referrerId),
        lte(questCompletions.verifiedDate, sql`${referrals.joinedAt} + ${`${REFERRAL_QUALIFY_DAYS} days`}::interval`),
      ),
    );
  await db
    .update(referrals)
    .set({ status: 'expired' })
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'pending'),
        lt(referrals.joinedAt, new Date(now.getTime() - QUALIFY_MS)),
        notExists(inTime),
      ),
    );
}

/**
 * The approvals that qualify a referral: the newcomer's, on a quest the inviting member did not make (an inviter
 * approving their own invitee's proof would pay themselves).
 */
function countingApprovals(inviteeId: string | SQLWrapper, referrerId: string) {
  return and(
    eq(questCompletions.userId, inviteeId),
    eq(questCompletions.verificationStatus, 'approved'),
    or(isNull(quests.creatorId), ne(quests.creatorId, referrerId)),
  );
}

/**
 * The member's invitation: their code, the link that opens the Mini App with it (the web address when no Mini App
 * is configured), the web address, and the line shared with it.
 */
export async function invitationOf(db: DbOrTx, config: Config, userId: string) {
  const code = await ensureReferralCode(db, userId);
  const target = { kind: 'referral', code } as const;
  const webPath = `/?startapp=${startParamFor(target)}`;
  return {
    code,
    link: deepLink(config, target, webPath),
    webLink: `${config.publicUrl}${webPath}`,
    text: `Join me on ${config.productName}: complete quests, earn W and redeem perks.`,
  };
}

/** GET club/referrals/: the member's code and links, the members they invited, and what inviting earned them. */
export async function getReferrals(
  db: DbOrTx,
  deps: { config: Config; now: Date },
  userId: string,
): Promise<ReferralsResponse> {
  const { config, now } = deps;
  const { code, link, webLink, text } = await invitationOf(db, config, userId);
  await expireReferrals(db, userId, now);

  // Staff moderation takes a profile out of every list but its owner's, and a disabled account shows nowhere.
  const listed = and(eq(referrals.referrerId, userId), eq(users.isActive, true), eq(users.hiddenByStaff, false));
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      tgUsername: users.tgUsername,
      photo: users.telegramPhotoUrl,
      avatar: profiles.avatar,
      status: referrals.status,
      joinedAt: referrals.joinedAt,
      qualifiedAt: referrals.qualifiedAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.inviteeId))
    .leftJoin(profiles, eq(profiles.id, referrals.inviteeId))
    .where(listed)
    .orderBy(desc(referrals.joinedAt), desc(referrals.inviteeId))
    .limit(INVITED_LIST_MAX);
  const [total] = await db
    .select({ n: count(), qualified: sql<number>`count(*) filter (where ${referrals.status} = 'qualified')::int` })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.inviteeId))
    .where(listed);
  const qualifiedIds = rows.filter((r) => r.status === 'qualified').map((r) => r.id);
  const paid = qualifiedIds.length
    ? await db
        .select({ id: xpEntries.sourceId })
        .from(xpEntries)
        .where(
          and(
            eq(xpEntries.userId, userId),
            eq(xpEntries.source, 'referral'),
            inArray(xpEntries.sourceId, qualifiedIds),
          ),
        )
    : [];
  const paidIds = new Set(paid.map((p) => p.id));
  const wallet = await getMemberWallet(db, userId);
  const [earned] = await db
    .select({ cents: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.toWalletId, wallet.id),
        eq(transactions.transactionType, 'referral_reward'),
        eq(transactions.description, REFERRER_REWARD_DESCRIPTION),
      ),
    );

  return {
    code,
    link,
    web_link: webLink,
    share_text: text,
    invited: rows.map((r) => ({
      profile: {
        id: r.id,
        name: displayName({
          id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          username: r.username,
          tgUsername: r.tgUsername,
        }),
        avatar: r.avatar ?? r.photo ?? null,
      },
      status: r.status,
      joined_at: r.joinedAt.toISOString(),
      qualified_at: r.qualifiedAt?.toISOString() ?? null,
      rewarded: paidIds.has(r.id),
    })),
    invited_count: total?.n ?? 0,
    qualified_count: Number(total?.qualified ?? 0),
    total_earned: centsToAmount(Number(earned?.cents ?? 0)),
    reward: centsToAmount(config.referrals.rewardCents),
    welcome: centsToAmount(config.referrals.welcomeCents),
    daily_cap: config.referrals.dailyCap,
    qualify_days: REFERRAL_QUALIFY_DAYS,
  };
}
