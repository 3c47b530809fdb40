import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { idempotencyRecords } from '../db/schema/index.ts';
import { AppError, badRequest } from './errors.ts';

/**
 * `Idempotency-Key` for money-moving POSTs (DESIGN §3): the first response (status and body, errors
 * included) is stored per (member, key); a repeat returns it without running the handler again.
 */
export async function withIdempotency(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<{ status: number; body: unknown }>,
) {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : undefined;
  if (!key) {
    const r = await run();
    return reply.status(r.status).send(r.body);
  }
  if (key.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters.');
  const userId = request.auth.userId;
  const path = request.url.split('?')[0] ?? request.url;
  const stored = async () => {
    const [row] = await db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)))
      .limit(1);
    return row;
  };
  const replay = (row: NonNullable<Awaited<ReturnType<typeof stored>>>) => {
    if (row.method !== request.method || row.path !== path)
      throw badRequest('This Idempotency-Key was already used for another request.');
    return reply.status(row.statusCode).header('idempotent-replayed', 'true').send(row.responseBody);
  };
  const first = await stored();
  if (first) return replay(first);

  let result: { status: number; body: unknown };
  try {
    result = await run();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    result = {
      status: err.statusCode,
      body: { detail: err.detail, code: err.code, ...(err.errors ? { errors: err.errors } : {}) },
    };
  }
  const inserted = await db
    .insert(idempotencyRecords)
    .values({ userId, key, method: request.method, path, statusCode: result.status, responseBody: result.body })
    .onConflictDoNothing()
    .returning({ id: idempotencyRecords.id });
  if (!inserted.length) {
    const winner = await stored();
    if (winner) return replay(winner);
  }
  return reply.status(result.status).send(result.body);
}
