import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * One of something per database handle, made on first use: a named prepared statement (or a batcher, such as
 * `refusalKeeper`). Hot reads with joins and sub-selects spend more time in
 * PostgreSQL's planner than in execution (quest detail: 1.3 ms planning, 0.4 ms executing); a named
 * statement is planned once per connection and reused. Build the query with `sql.placeholder(...)`.
 */
export function preparedPerDb<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const cache = new WeakMap<object, Q>();
  return (db) => {
    let q = cache.get(db);
    if (!q) {
      q = build(db);
      cache.set(db, q);
    }
    return q;
  };
}

type Internals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
};

/**
 * `db.execute(query)` as a named prepared statement: parsed, analysed and (once PostgreSQL settles on a generic
 * plan) planned once per connection, then only bound and run. For the hot statements of a flash sale (issue #17),
 * where parsing, analysing and planning took more of PostgreSQL's time than running them. The name is a hash of the
 * statement's text, so one text always has one name; use it only for a few statements of fixed shape, whose values
 * are all parameters (each distinct text stays prepared on every connection it ran on). PGlite runs it unnamed.
 */
export async function executeNamed<Row>(db: DbOrTx, query: SQL): Promise<{ rows: Row[] }> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  const name = `x_${createHash('sha1').update(built.sql).digest('base64url')}`;
  return (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: Row[] };
}
