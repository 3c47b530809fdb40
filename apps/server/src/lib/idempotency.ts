import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, IDEMPOTENCY_MSG } from '@wyn/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { idempotencyRecords } from '../db/schema/index.ts';
import type { UploadedFile } from './multipart-body.ts';
import { AppError, badRequest, conflict } from './errors.ts';
import { violatedUniqueIndex } from './unique-violation.ts';
import { ALWAYS, refusalKeeper, type KeyRecord, type RefusalCondition } from './kept-refusals.ts';

import type { Effect, Outcome } from './idempotent-effect.ts';

export type { Effect, Outcome, SaveOutcome } from './idempotent-effect.ts';
export type { KeyRecord, RefusalCondition } from './kept-refusals.ts';

/** Sorted keys at every level, so the same request hashes the same whatever order its fields came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, canonical(obj[k])]),
    );
  }
  return value;
}

/** What a multipart request is, for the hash: its fields plus a sha256 of each file's bytes. */
export function multipartFingerprint(raw: unknown, files: UploadedFile[]): unknown {
  return {
    fields: raw ?? null,
    files: files.map((f) => ({
      field: f.field,
      filename: f.filename,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
    })),
  };
}

function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(body ?? null)]))
    .digest('hex');
}

/** A refusal's answer, as the key keeps it and the error handler would send it. */
export function errorOutcome(err: AppError): Outcome {
  return {
    status: err.statusCode,
    body: { detail: err.detail, code: err.code, ...(err.errors ? { errors: err.errors } : {}) },
  };
}

/** When a refusal is kept: `condition` (lib/kept-refusals.ts) holds for `values`. */
export type KeepWhen = { condition: RefusalCondition; values: Record<string, unknown> };

/**
 * Keeps `outcome` as the key's answer, only when `when` holds (always, without it) and the key is new; true when it
 * was kept. The refusals of one turn of the event loop are kept by one statement (lib/kept-refusals.ts).
 */
export type KeepRefusal = (outcome: Outcome, when?: KeepWhen) => Promise<boolean>;

/**
 * The key's record as a common table expression of the effect's own statement: `key_row`, kept with `status` and
 * `body` (SQL that may read the statement's other CTEs) once if the caller's CTE `gate` has a row, and returning
 * `response_body`. A key that is taken already fails the whole statement on the unique index, so nothing is written.
 */
export type KeyRowCte = (gate: string, status: number, body: SQL) => SQL;

/**
 * What `alone` is handed: the key's record as a CTE of its statement, `keep` for a refusal it decides, and whose key
 * it is (`record`), for a statement that writes the records of many keys at once (a flash sale's redemptions).
 */
export type KeyedStatement = { keyRow: KeyRowCte; keep: KeepRefusal; record: KeyRecord };

/** `refuseEarly`'s answer, a thrown refusal (an AppError below 500) taken as one. */
async function refusedEarly(
  refuseEarly: ((keep: KeepRefusal | undefined) => Promise<Outcome | undefined>) | undefined,
  keep: KeepRefusal | undefined,
): Promise<Outcome | undefined> {
  try {
    return await refuseEarly?.(keep);
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    return errorOutcome(err);
  }
}

/** The statements that write a key's record at once with its answer (`KeyedStatement`), for `record`. */
export function keyedStatement(db: DbOrTx, record: KeyRecord): KeyedStatement {
  const { userId, key, method, path, hash } = record;
  return {
    record,
    // Batched: a flash sale's refusals are mostly this one statement (issue #17).
    keep: (outcome, when) =>
      refusalKeeper(db)({ record, outcome, condition: when?.condition ?? ALWAYS, values: when?.values ?? {} }),
    keyRow: (gate, status, body) => sql`key_row as (
      insert into ${idempotencyRecords} (user_id, key, method, path, request_hash, status_code, response_body)
      select ${userId}::uuid, ${key}, ${method}, ${path}, ${hash}, ${status}::int, ${body}
      from (select 1 from ${sql.identifier(gate)} limit 1) gate
      returning response_body
    )`,
  };
}

/**
 * `Idempotency-Key` for money-moving and creating POSTs (docs/architecture.md, API conventions), scoped to (member, method, path).
 * The key is claimed and its answer stored in the same transaction as the effect, so the effect and its
 * record commit together or not at all. A concurrent request with the same key blocks on the unique index
 * until the first commits, then replays its answer: never a second effect. A 4xx from the effect rolls
 * back only the effect's savepoint and is kept as the key's answer. `fingerprint` replaces the parsed
 * JSON body in the request hash (multipart routes pass `multipartFingerprint`).
 *
 * `refuseEarly` decides the refusals that need no transaction (a read, no lock) before any is opened: it returns
 * (or throws, as an AppError below 500) the refusal's answer, or nothing to go on. A refusal is kept as the key's
 * answer by one insert; when the key is taken already, the usual path replays its answer (or refuses another body).
 * Under a key, `refuseEarly` is handed `keep`: a refusal it can state as a condition in SQL is decided and kept in
 * that one statement (a flash sale's "out of stock", issue #17), with no read before it.
 */
export async function withIdempotency(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (tx: DbOrTx) => Promise<Effect>,
  opts: {
    fingerprint?: unknown;
    refuseEarly?: (keep: KeepRefusal | undefined) => Promise<Outcome | undefined>;
    /**
     * `false`: `run` writes everything in one statement and throws a refusal (an AppError below 500) only when it has
     * written nothing, so its refusal is kept in the key's transaction without a savepoint to roll back to: one round
     * trip less, and one less while the effect's row locks are held (a flash sale's perk row, issue #17).
     */
    savepoint?: boolean;
    /**
     * Under a key, once `refuseEarly` let the request through: the effect and the key's answer written as ONE
     * statement outside any transaction (it commits on its own), so the effect's row locks are held for that
     * statement alone, never across a round trip or a wait in the event loop (a flash sale's perk row, issue #17).
     * Returns the effect when it was written, or a refusal it kept with `keep`; nothing (or a unique violation,
     * such as the key taken already) goes on with the usual transaction below, which decides everything again.
     */
    alone?: (keyed: KeyedStatement) => Promise<Effect | undefined>;
  } = {},
) {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : undefined;
  if (key && key.length > 200) throw badRequest(IDEMPOTENCY_MSG.keyTooLong);
  if (!key) {
    const early = await refusedEarly(opts.refuseEarly, undefined);
    if (early) return reply.status(early.status).send(early.body);
    const effect = await run(db);
    const final = effect.afterCommit ? await effect.afterCommit((fn) => db.transaction(fn)) : effect;
    return reply.status(final.status).send(final.body);
  }
  const userId = request.auth.userId;
  const method = request.method;
  const path = request.url.split('?')[0] ?? request.url;
  const hash = requestHash(method, path, 'fingerprint' in opts ? opts.fingerprint : request.body);
  let keptEarly: Outcome | undefined;
  const keyed = keyedStatement(db, { userId, key, method, path, hash });
  const keep: KeepRefusal = async (outcome, when) => {
    const kept = await keyed.keep(outcome, when);
    if (kept) keptEarly = outcome;
    return kept;
  };
  const early = await refusedEarly(opts.refuseEarly, keep);
  // Kept already by `refuseEarly`, or kept now; when the key is taken, the usual path below replays its answer.
  if (early && (keptEarly === early || (await keep(early)))) return reply.status(early.status).send(early.body);
  const scope = and(
    eq(idempotencyRecords.userId, userId),
    eq(idempotencyRecords.method, method),
    eq(idempotencyRecords.path, path),
    eq(idempotencyRecords.key, key),
  )!;
  /** Sends the effect's answer, after its work outside (`afterCommit`), which re-stores the key's answer. */
  const answer = async (effect: Effect, record: SQL) => {
    const final = effect.afterCommit
      ? await effect.afterCommit((fn) =>
          db.transaction(async (tx) => {
            const outcome = await fn(tx);
            await tx
              .update(idempotencyRecords)
              .set({ statusCode: outcome.status, responseBody: outcome.body })
              .where(record);
            return outcome;
          }),
        )
      : effect;
    return reply.status(final.status).send(final.body);
  };

  if (opts.alone) {
    let effect: Effect | undefined;
    try {
      effect = await opts.alone({ ...keyed, keep });
    } catch (err) {
      if (violatedUniqueIndex(err) === undefined) throw err;
    }
    if (effect) return answer(effect, scope);
  }

  const result = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyRecords)
      .values({ userId, key, method, path, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyRecords.id });
    if (!claimed) {
      const [row] = await tx.select().from(idempotencyRecords).where(scope).limit(1);
      if (row && row.requestHash !== hash)
        throw new AppError(422, ErrorCode.idempotencyKeyReused, IDEMPOTENCY_MSG.keyReused);
      if (!row || row.statusCode === null) throw conflict(IDEMPOTENCY_MSG.inProgress, ErrorCode.idempotencyInProgress);
      return { replayed: true as const, outcome: { status: row.statusCode, body: row.responseBody } };
    }
    let effect: Effect;
    try {
      effect = opts.savepoint === false ? await run(tx) : await tx.transaction((savepoint) => run(savepoint));
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      effect = errorOutcome(err);
    }
    await tx
      .update(idempotencyRecords)
      .set({ statusCode: effect.status, responseBody: effect.body })
      .where(eq(idempotencyRecords.id, claimed.id));
    return { replayed: false as const, id: claimed.id, effect };
  });

  if (result.replayed)
    return reply.status(result.outcome.status).header('idempotent-replayed', 'true').send(result.outcome.body);
  return answer(result.effect, eq(idempotencyRecords.id, result.id));
}
