import { asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tag } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';

const toTagDto = (r: { id: string; name: string }): Tag => ({ id: r.id, name: r.name });

/** `%`, `_` and `\` typed by a member match themselves, not as wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every id names an existing tag, else a 400 on `tags` (a quest's or perk's tag list). */
export async function checkTagIds(db: DbOrTx, ids: string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  if (found.length !== new Set(ids).size) throw badRequest('Unknown tag', { tags: ['Unknown tag'] });
}

/** Tags by name; with `search`, names containing it (any case), those starting with it first. */
export async function listTags(db: DbOrTx, q: { page: number; page_size: number; search?: string | undefined }) {
  const { limit, offset } = pageWindow(q);
  const term = q.search?.trim() ?? '';
  const where: SQL | undefined = term ? ilike(tags.name, `%${escapeLike(term)}%`) : undefined;
  const prefixFirst = term ? [sql`case when ${tags.name} ilike ${`${escapeLike(term)}%`} then 0 else 1 end`] : [];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(where)
      .orderBy(...prefixFirst, asc(sql`lower(${tags.name})`), asc(tags.name), asc(tags.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(tags).where(where),
  ]);
  return { rows: rows.map(toTagDto), count: total?.n ?? 0 };
}

/**
 * Returns the tag with this name (any case) or creates it. Names are unique regardless of case, so two
 * members creating "Design" and "design" at once end with one tag: the insert skips on conflict and the
 * winner's row is read back.
 */
export async function findOrCreateTag(
  db: DbOrTx,
  name: string,
  createdById: string,
): Promise<{ tag: Tag; created: boolean }> {
  const byName = () =>
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(eq(sql`lower(${tags.name})`, name.toLowerCase()))
      .limit(1);
  const [existing] = await byName();
  if (existing) return { tag: toTagDto(existing), created: false };
  const [inserted] = await db
    .insert(tags)
    .values({ name, createdById })
    .onConflictDoNothing()
    .returning({ id: tags.id, name: tags.name });
  if (inserted) return { tag: toTagDto(inserted), created: true };
  const [winner] = await byName();
  if (!winner) throw new Error('tag vanished after a conflicting insert');
  return { tag: toTagDto(winner), created: false };
}
