import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { idempotencyRecords } from '../src/db/schema/index.ts';

/** The answers kept under a member's Idempotency-Key (on any path): `[]` when none, never more than one. */
export function keptAnswers(db: DbOrTx, userId: string, key: string) {
  return db
    .select({ status: idempotencyRecords.statusCode, body: idempotencyRecords.responseBody })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)));
}
