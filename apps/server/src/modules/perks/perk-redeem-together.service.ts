import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  idempotencyRecords,
  outboxEvents,
  perkRedemptions,
  perks,
  transactions,
  wallets,
} from '../../db/schema/index.ts';
import type { CommittedEvent } from '../../events/domain-events.ts';
import { eventRecorded } from '../../events/outbox.ts';
import { executeNamed, preparedPerDb } from '../../lib/prepared.ts';
import { serialBatches } from '../../lib/serial-batches.ts';
import { LEDGER_ENTRY_ROWS } from '../wallet/wallet.service.ts';
import { snapshot } from './perk-content.service.ts';
import { seenSoldOut } from './perk-sold-out-hint.ts';
import {
  answerSql,
  answerTemplate,
  redeemed,
  redeemedEvent,
  stillAsRead,
  tryRedeem,
  type KeptBy,
  type Redeemed,
  type RedeemedRow,
  type RedeemRead,
  type Untaken,
} from './perk-redeem-statement.service.ts';

/**
 * Under Idempotency-Keys, the attempts at one perk that wait at the same moment are redeemed by ONE statement (a flash
 * sale, issue #17, decision 0022).
 */

/** An attempt waiting to be redeemed with the others at its perk. */
type Waiting = {
  read: RedeemRead;
  userId: string;
  now: Date;
  kept: KeptBy;
  settled?: { result: Redeemed | Untaken } | { error: unknown };
};

/** At most this many members in one statement. */
const TOGETHER_MAX = 200;

/**
 * The attempts of one process at one perk wait for each other: each perk's attempts go in batches, one batch at a
 * time (`serialBatches`). Keyed by the perk as read (and who is paid), so one statement redeems one version of it.
 */
const queues = preparedPerDb(() => new Map<string, (w: Waiting) => Promise<void>>());
const QUEUES_MAX = 1_000;

function queueKey({ row, toWalletId }: RedeemRead): string {
  const p = row.perk;
  return JSON.stringify([
    p.id,
    toWalletId,
    p.title,
    p.costAmount,
    p.minLevel,
    p.perkType,
    p.telegramUrl,
    p.telegramChatId,
    p.discountCode,
    p.eventDetails,
    p.exclusiveContent ?? null,
  ]);
}

/**
 * `tryRedeem` under an Idempotency-Key, with the attempts at the same perk that wait at the same moment: while one
 * statement redeems at a perk, the attempts that arrive wait, and the next statement redeems all of them
 * (`redeemTogether`). A flash sale's successes then lock the perk's and the creator's rows once per batch instead
 * of once each, one after another (issue #17, decision 0022). With no load each attempt goes alone, a turn later.
 */
export async function redeemQueued(
  db: DbOrTx,
  read: RedeemRead,
  userId: string,
  now: Date,
  kept: KeptBy,
): Promise<Redeemed | Untaken> {
  const byPerk = queues(db);
  const key = queueKey(read);
  let enqueue = byPerk.get(key);
  if (!enqueue) {
    if (byPerk.size >= QUEUES_MAX) byPerk.clear();
    enqueue = serialBatches((batch: Waiting[]) => redeemBatch(db, batch));
    byPerk.set(key, enqueue);
  }
  const waiting: Waiting = { read, userId, now, kept };
  await enqueue(waiting);
  const settled = waiting.settled!;
  if ('error' in settled) throw settled.error;
  return settled.result;
}

/** Settles each of `batch`: one statement per group of distinct members, or each alone when that fails. */
async function redeemBatch(db: DbOrTx, batch: Waiting[]): Promise<void> {
  let left = batch;
  while (left.length > 0) {
    // A member twice at once (two keys): the second waits for the next statement, which the first's redemption row
    // then refuses.
    const members = new Set<string>();
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const w of left) {
      if (group.length < TOGETHER_MAX && !members.has(w.userId)) {
        members.add(w.userId);
        group.push(w);
      } else later.push(w);
    }
    left = later;
    await redeemGroup(db, group);
  }
}

/** Settles each of `group` (distinct members): together when more than one, or each alone. */
async function redeemGroup(db: DbOrTx, group: Waiting[]): Promise<void> {
  const settle = async (w: Waiting, result: () => Promise<Redeemed | Untaken>) => {
    try {
      w.settled = { result: await result() };
    } catch (error) {
      w.settled = { error };
    }
  };
  const alone = (w: Waiting) => settle(w, () => tryRedeem(db, w.read, w.userId, w.now, w.kept));
  const perkId = group[0]!.read.row.perk.id;
  // Sold out a moment ago as this process saw it: `redeemAlone` decides and keeps that refusal in SQL.
  if (group.every((w) => seenSoldOut(perkId, w.now.getTime()))) {
    for (const w of group) w.settled = { result: { untaken: true } };
    return;
  }
  if (group.length === 1) return alone(group[0]!);
  let results: Array<Redeemed | Untaken> | undefined;
  try {
    results = await redeemTogether(db, group);
  } catch (error) {
    // After the statement committed: what it wrote stands, and each attempt is told of the failure.
    for (const w of group) w.settled = { error };
    return;
  }
  // The statement wrote nothing (one attempt's key taken already, say, or the same member redeemed by another
  // process): each alone, so that one fails only its own request; one after another in the order they came, so the
  // stock still goes first come, first served, and the pool is not flooded with statements queued on the same rows.
  if (!results) {
    for (const w of group) await alone(w);
    return;
  }
  group.forEach((w, i) => (w.settled = { result: results[i]! }));
}

/** Each attempt's ids, event and answer template, as `redeemTogether` sends them; undefined when one cannot be made. */
function attemptsOf(group: Waiting[]) {
  try {
    return group.map((w, ord) => {
      const transactionId = randomUUID();
      const event = { ...redeemedEvent(w.read, w.userId, transactionId), id: randomUUID() } as CommittedEvent;
      const { status, body } = answerTemplate(w.kept, w.read, transactionId, w.now);
      const { record } = w.kept;
      return {
        transactionId,
        event,
        value: {
          ord,
          user_id: w.userId,
          wallet_id: w.read.me.walletId,
          transaction_id: transactionId,
          event_id: event.id,
          event_payload: event.payload,
          key: record.key,
          method: record.method,
          path: record.path,
          request_hash: record.hash,
          status_code: status,
          answer: body,
        },
      };
    });
  } catch {
    return undefined;
  }
}

/**
 * ONE statement redeeming the same perk (as read) for many members, in the order they came: the wallets (the
 * members' and the payee's) are locked in id order, then the perk's row; the members who can pay are taken in
 * order up to the stock left; for each, the redemption row, the ledger move (a transactions row, two entries), the
 * event and the key's answer; the wallets are updated once each (the payee's by the sum). All of it or nothing
 * commits. Answers, in `group`'s order, each member's `Redeemed` or why not (`Untaken`), as `tryRedeem` would; or
 * undefined when the statement failed, having written nothing.
 */
async function redeemTogether(db: DbOrTx, group: Waiting[]): Promise<Array<Redeemed | Untaken> | undefined> {
  const first = group[0]!.read;
  const p = first.row.perk;
  const to = first.toWalletId;
  const now = new Date(Math.max(...group.map((w) => w.now.getTime())));
  // What the statement is sent; a member whose answer cannot be made fails alone (below), not the whole group.
  const attempts = attemptsOf(group);
  if (!attempts) return undefined;
  const answer = answerSql(sql`w.answer`, {
    // Each member is told the stock as their redemption left it, as if they had come one after another.
    purchasedCount: sql`(t.purchased_count - (select count(*) from winners)::int + w.rank)`,
    maxParticipants: sql`t.max_participants`,
    redeemedAt: sql`r.redeemed_at`,
    balanceCents: sql`m.balance`,
  });
  type Result = RedeemedRow & {
    user_id: string;
    payable: boolean;
    balance_before: string | number | null;
    kept: unknown;
    events: number;
    entries: number;
  };
  // Named (lib/prepared.ts): one text for every batch at every perk; the attempts are one parameter.
  const written = await executeNamed<Result>(
    db,
    sql`with v as (
      select * from jsonb_to_recordset(${JSON.stringify(attempts.map((a) => a.value))}::jsonb) as v(ord int,
        user_id uuid, wallet_id uuid, transaction_id uuid, event_id uuid, event_payload jsonb, key text, method text,
        path text, request_hash text, status_code int, answer jsonb)
    ),
    ledger_locked as (
      select w.id, w.balance from ${wallets} w
      where w.id = any(array(select wallet_id from v union all select ${to}::uuid))
      order by w.id for update
    ),
    payable as (
      select v.* from v join ledger_locked l on l.id = v.wallet_id
      where l.balance >= ${p.costAmount}::bigint and exists (select 1 from ledger_locked where id = ${to}::uuid)
    ),
    stock as (
      -- After the wallets: every redemption locks the wallets first, then the perk.
      select purchased_count, max_participants from ${perks}
      where ${stillAsRead(p, now)} and exists (select 1 from payable)
      for update
    ),
    winners as (
      select p.*, row_number() over (order by p.ord)::int as rank from payable p where exists (select 1 from stock)
      order by p.ord
      limit (select case when max_participants is not null then greatest(max_participants - purchased_count, 0) end
        from stock)
    ),
    taken as (
      update ${perks} set purchased_count = purchased_count + (select count(*) from winners)
      where id = ${p.id}::uuid and exists (select 1 from winners)
      returning purchased_count, max_participants
    ),
    redemption as (
      insert into ${perkRedemptions} (perk_id, user_id, transaction_id, perk_title, delivered_content)
      select ${p.id}::uuid, w.user_id, w.transaction_id, ${p.title}, ${JSON.stringify(snapshot(p))}::jsonb
      from winners w where exists (select 1 from taken)
      returning id, user_id, created_at as redeemed_at
    ),
    ledger_moved as (
      update ${wallets} w
      set balance = w.balance + (case when w.id = ${to}::uuid
        then ${p.costAmount}::bigint * (select count(*) from redemption) else ${-p.costAmount}::bigint end)
      where w.id = any(array(select wallet_id from winners union all select ${to}::uuid))
        and exists (select 1 from redemption)
      returning w.id, w.balance
    ),
    ledger_tx as (
      insert into ${transactions}
        (id, transaction_type, amount, from_wallet_id, to_wallet_id, description, related_entity_type, related_entity_id)
      select w.transaction_id, 'perk_redemption', ${p.costAmount}::bigint, w.wallet_id, ${to}::uuid,
        ${`Redeemed "${p.title}"`}, 'perk', ${p.id}::uuid
      from winners w where exists (select 1 from ledger_moved)
      returning id, from_wallet_id, to_wallet_id, amount
    ),
    ${LEDGER_ENTRY_ROWS},
    outbox_rows as (
      insert into ${outboxEvents} (id, type, payload)
      select w.event_id, 'perk.redeemed', w.event_payload from winners w where exists (select 1 from redemption)
      returning id
    ),
    key_rows as (
      insert into ${idempotencyRecords} (user_id, key, method, path, request_hash, status_code, response_body)
      select w.user_id, w.key, w.method, w.path, w.request_hash, w.status_code, ${answer}
      from winners w join redemption r on r.user_id = w.user_id join ledger_moved m on m.id = w.wallet_id
        cross join taken t
      returning user_id, response_body
    )
    select v.user_id::text as user_id, exists (select 1 from payable p where p.user_id = v.user_id) as payable,
      (select l.balance from ledger_locked l where l.id = v.wallet_id) as balance_before,
      r.id as redemption_id, to_json(r.redeemed_at) #>> '{}' as redeemed_at, m.balance as balance_after,
      k.response_body as kept, t.max_participants,
      t.purchased_count - (select count(*) from winners)::int + (select x.rank from winners x where x.user_id = v.user_id)
        as purchased_count,
      (select count(*) from outbox_rows)::int as events, (select count(*) from ledger_entry_rows)::int as entries
    from v
      left join redemption r on r.user_id = v.user_id
      left join ledger_moved m on m.id = v.wallet_id and r.id is not null
      left join key_rows k on k.user_id = v.user_id
      left join taken t on true
    order by v.ord`,
  ).catch(() => undefined);
  if (!written) return undefined;
  const { rows } = written;
  if (rows.length !== group.length) throw new Error('the redemption statement answered for other attempts');
  const won = rows.filter((r) => r.redemption_id !== null).length;
  if (rows.some((r) => Number(r.events) !== won || Number(r.entries) !== 2 * won))
    throw new Error('the redemption statement recorded another number of events or entries');
  const results = rows.map((res, i): Redeemed | Untaken => {
    const w = group[i]!;
    if (res.redemption_id === null)
      return res.payable ? { untaken: true } : { unpaid: Number(res.balance_before ?? 0) };
    return redeemed(w.read, res, attempts[i]!.transactionId, res.kept, w.now);
  });
  await Promise.all(attempts.filter((_, i) => rows[i]!.redemption_id !== null).map((a) => eventRecorded(db, a.event)));
  return results;
}
