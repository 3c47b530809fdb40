import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of ids as one `uuid[]` parameter (`where id = any(${uuidArray(ids)})`): one bound value whatever the list's
 * length, on node-postgres and PGlite alike. The ids must be uuids already (the cast refuses anything else).
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
