import type { DbOrTx } from '../db/client.ts';

/**
 * What a money-moving or creating request answers, as services return it for `withIdempotency` to store
 * against the key. Free of Fastify, so services can build one.
 */
export type Outcome = { status: number; body: unknown };
/** Runs `fn` in a short transaction that also re-stores its outcome as the key's answer. */
export type SaveOutcome = (fn: (tx: DbOrTx) => Promise<Outcome>) => Promise<Outcome>;
export type Effect = Outcome & {
  /**
   * Work that talks to the outside (Telegram), run after the effect committed so no row lock waits on it;
   * what it changes goes through `save`, so a replay answers what the member got.
   */
  afterCommit?: (save: SaveOutcome) => Promise<Outcome>;
};
