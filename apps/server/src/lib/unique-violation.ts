import { pgErrorCode, PG_UNIQUE_VIOLATION } from './errors.ts';

/** The name of the unique index a PostgreSQL/PGlite error violated, or undefined for any other error. */
export function violatedUniqueIndex(err: unknown): string | undefined {
  if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION) return undefined;
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}
