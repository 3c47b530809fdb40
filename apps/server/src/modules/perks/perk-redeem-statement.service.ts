import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, perks } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import { eventCte, eventRecorded } from '../../events/outbox.ts';
import { displayName } from '../../lib/display-name.ts';
import type { KeyRecord, KeyRowCte } from '../../lib/idempotency.ts';
import type { Outcome } from '../../lib/idempotent-effect.ts';
import { executeNamed } from '../../lib/prepared.ts';
import { amountSql, moveCtes } from '../wallet/wallet.service.ts';
import { snapshot } from './perk-content.service.ts';
import type { PerkRow } from './perk-rows.service.ts';
import { markSoldOut } from './perk-sold-out-hint.ts';
import type { PerkDetailRow } from './perks-read.service.ts';

/** One member's redemption as ONE statement (`tryRedeem`), and what it shares with `perk-redeem-together`. */

export type Redeemer = {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  tgUsername: string | null;
  walletId: string | null;
  balance: number | null;
};

/** What a redemption decides from, read in one statement without a lock (refusals are thrown from it). */
export type RedeemRead = {
  row: PerkDetailRow;
  me: Redeemer & { walletId: string; balance: number };
  toWalletId: string;
};

export type Redeemed = {
  redemptionId: string;
  transactionId: string;
  perk: PerkRow;
  balanceCents: number;
  /** The perk's detail row as the redeemer now sees it (the answer is made from it, no query). */
  detail: PerkDetailRow;
  /** The answer the statement kept as its Idempotency-Key's (`KeptBy`). */
  keptBody?: unknown;
};

/** A redemption's answer, kept as its Idempotency-Key's by the redemption's own statement. */
export type KeptBy = { keyRow: KeyRowCte; record: KeyRecord; answer: (r: Redeemed) => Outcome };

/** Why the redemption statement took nothing: too few points under the lock (the balance then), or the perk. */
export type Untaken = { unpaid: number } | { untaken: true };

/** The `perk.redeemed` event of one member's redemption. */
export function redeemedEvent({ row, me }: RedeemRead, userId: string, transactionId: string): DomainEvent {
  const p = row.perk;
  return {
    type: 'perk.redeemed',
    payload: {
      perkId: p.id,
      perkTitle: p.title,
      redeemerId: userId,
      redeemerName: displayName({
        id: userId,
        firstName: me.firstName ?? '',
        lastName: me.lastName ?? '',
        username: me.username,
        tgUsername: me.tgUsername,
      }),
      creatorId: p.creatorId,
      costCents: p.costAmount,
      transactionId,
      limited: p.maxParticipants !== null,
    },
  };
}

/** The perk as a redemption read it: the statement takes stock only while the perk is still this (and open). */
export function stillAsRead(p: PerkRow, now: Date): SQL {
  return sql`id = ${p.id}::uuid and status = 'active' and not is_hidden and not hidden_by_staff
    and (deadline is null or deadline > ${now.toISOString()}::timestamptz)
    -- Still the perk as read: its price, level and what the redemption keeps (snapshot) are those read.
    and title = ${p.title} and cost_amount = ${p.costAmount}::bigint and min_level = ${p.minLevel}::int
    and perk_type = ${p.perkType} and telegram_url is not distinct from ${p.telegramUrl}
    and telegram_chat_id is not distinct from ${p.telegramChatId}
    and discount_code is not distinct from ${p.discountCode}
    and event_details is not distinct from ${p.eventDetails}
    and coalesce(exclusive_content, 'null'::jsonb) = ${JSON.stringify(p.exclusiveContent ?? null)}::jsonb`;
}

/**
 * The answer a redemption keeps as its key's: made before the statement from the read, with what only the statement
 * knows set in SQL from `known` (the stock taken, the redemption's time, the balance after), exactly as
 * `toPerkDetail` and `centsToAmount` would write them.
 */
export function answerTemplate(kept: KeptBy, { row, me }: RedeemRead, transactionId: string, now: Date): Outcome {
  const p = row.perk;
  return kept.answer({
    redemptionId: '',
    transactionId,
    perk: p,
    balanceCents: me.balance - p.costAmount,
    detail: { ...row, redemptionAt: now, delivered: snapshot(p) },
  });
}

type Known = { purchasedCount: SQL; maxParticipants: SQL; redeemedAt: SQL; balanceCents: SQL };

export function answerSql(template: SQL, known: Known): SQL {
  const set = (into: SQL, at: string, value: SQL) =>
    sql`jsonb_set(${into}, ${at}::text[], coalesce(${value}, 'null'::jsonb))`;
  let answer = set(template, '{perk,purchased_count}', sql`to_jsonb(${known.purchasedCount})`);
  answer = set(answer, '{perk,max_participants}', sql`to_jsonb(${known.maxParticipants})`);
  answer = set(
    answer,
    '{perk,redeemed_at}',
    sql`to_jsonb(to_char(${known.redeemedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  );
  return set(answer, '{balance}', sql`to_jsonb(${amountSql(known.balanceCents)})`);
}

/**
 * Redeems a perk for one member in ONE SQL statement (one round trip while the perk's and the creator's rows are
 * locked; a perk flash sale, issue #17): both wallets are locked in id order and the member's balance checked under
 * that lock, the stock is taken with a conditional update (so it can never go past the maximum), the redemption row
 * is inserted (the unique (perk, member) pair makes a second one a 409), the cost moves through the ledger
 * (`moveCtes`: double entry, a transactions row) and the event is recorded. The statement either writes all of it or
 * nothing; `Untaken` when the perk or the balance changed since the read. With `kept`, the statement also keeps the
 * redemption's answer as its Idempotency-Key's.
 */
export async function tryRedeem(
  db: DbOrTx,
  read: RedeemRead,
  userId: string,
  now: Date,
  kept?: KeptBy,
): Promise<Redeemed | Untaken> {
  const { row, me, toWalletId } = read;
  const p = row.perk;
  const perkId = p.id;
  const transactionId = randomUUID();
  const delivered = snapshot(p);
  const { lock, write } = moveCtes({
    fromWalletId: me.walletId,
    toWalletId,
    amountCents: p.costAmount,
    type: 'perk_redemption',
    description: `Redeemed "${p.title}"`,
    related: { type: 'perk', id: perkId },
    transactionId,
  });
  const event = eventCte('redemption', redeemedEvent(read, userId, transactionId));
  let keyRow = sql``;
  if (kept) {
    const { status, body } = answerTemplate(kept, read, transactionId, now);
    const answer = answerSql(sql`${JSON.stringify(body)}::jsonb`, {
      purchasedCount: sql`(select purchased_count from taken)`,
      maxParticipants: sql`(select max_participants from taken)`,
      redeemedAt: sql`(select redeemed_at from redemption)`,
      balanceCents: sql`(select balance from ledger_moved where id = ${me.walletId}::uuid)`,
    });
    keyRow = sql`, ${kept.keyRow('redemption', status, answer)}`;
  }
  type Result = {
    payable: number;
    balance_before: string | number | null;
    purchased_count: number | null;
    max_participants: number | null;
    kept: unknown;
    redemption_id: string | null;
    redeemed_at: string | null;
    balance_after: string | number | null;
    events: number;
  };
  // Named (lib/prepared.ts): planning this statement took longer than running it.
  const { rows } = await executeNamed<Result>(
    db,
    sql`with ${lock},
    taken as (
      update ${perks} set purchased_count = purchased_count + 1
      where ${stillAsRead(p, now)} and exists (select 1 from ledger_payable)
        and (max_participants is null or purchased_count < max_participants)
      returning purchased_count, max_participants
    ),
    redemption as (
      insert into ${perkRedemptions} (perk_id, user_id, transaction_id, perk_title, delivered_content)
      select ${perkId}::uuid, ${userId}::uuid, ${transactionId}::uuid, ${p.title}, ${JSON.stringify(delivered)}::jsonb
      from taken
      returning id, created_at as redeemed_at
    ),
    ${write('redemption')},
    ${event.cte}${keyRow}
    select (select count(*) from ledger_payable)::int as payable,
      ${kept ? sql`(select response_body from key_row)` : sql`null`} as kept,
      (select balance from ledger_locked where id = ${me.walletId}::uuid) as balance_before,
      t.purchased_count, t.max_participants, r.id as redemption_id, to_json(r.redeemed_at) #>> '{}' as redeemed_at,
      (select balance from ledger_moved where id = ${me.walletId}::uuid) as balance_after,
      (select count(*) from outbox_row)::int as events
    from (select 1) one left join taken t on true left join redemption r on true`,
  );
  const res = rows[0];
  if (!res) throw new Error('the redemption statement answered nothing');
  if (!Number(res.payable)) return { unpaid: Number(res.balance_before ?? 0) };
  if (res.redemption_id === null || res.redeemed_at === null || res.purchased_count === null) return { untaken: true };
  if (Number(res.events) !== 1) throw new Error('the redemption statement recorded no event');
  await eventRecorded(db, event.committed);
  return redeemed(read, res, transactionId, kept ? res.kept : undefined, now);
}

export type RedeemedRow = {
  redemption_id: string | null;
  redeemed_at: string | null;
  purchased_count: number | null;
  max_participants: number | null;
  balance_after: string | number | null;
};

/** A redemption the statement wrote, as `row` tells it. */
export function redeemed(
  { row }: RedeemRead,
  res: RedeemedRow,
  transactionId: string,
  keptBody: unknown,
  now: Date,
): Redeemed {
  const perk: PerkRow = { ...row.perk, purchasedCount: res.purchased_count!, maxParticipants: res.max_participants };
  // The last one: the attempts that follow are refused without queueing for the perk's row (perk-sold-out-hint.ts).
  if (perk.maxParticipants !== null && perk.purchasedCount >= perk.maxParticipants) markSoldOut(perk.id, now.getTime());
  return {
    redemptionId: res.redemption_id!,
    transactionId,
    perk,
    balanceCents: Number(res.balance_after ?? 0),
    detail: { ...row, perk, redemptionAt: new Date(res.redeemed_at!), delivered: snapshot(row.perk) },
    ...(keptBody !== undefined ? { keptBody } : {}),
  };
}
