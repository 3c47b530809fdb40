import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { questLikes, quests } from '../../db/schema/index.ts';
import { getVisibleQuest } from './quest-rows.service.ts';

/** Likes and shares: counters a member moves on a visible quest. */

export async function toggleLike(db: DbOrTx, questId: string, userId: string) {
  return db.transaction(async (tx) => {
    const q = await getVisibleQuest(tx, questId, userId);
    const removed = await tx
      .delete(questLikes)
      .where(and(eq(questLikes.questId, q.id), eq(questLikes.userId, userId)))
      .returning({ q: questLikes.questId });
    const liked = removed.length === 0;
    let delta = -removed.length;
    if (liked) {
      const added = await tx.insert(questLikes).values({ questId: q.id, userId }).onConflictDoNothing().returning();
      delta = added.length;
    }
    const [row] = await tx
      .update(quests)
      .set({ likesCount: sql`greatest(${quests.likesCount} + ${delta}, 0)` })
      .where(eq(quests.id, q.id))
      .returning({ likes: quests.likesCount });
    return { liked, likes_count: row?.likes ?? 0 };
  });
}

export async function share(db: DbOrTx, questId: string, viewerId?: string) {
  const q = await getVisibleQuest(db, questId, viewerId);
  const [row] = await db
    .update(quests)
    .set({ sharesCount: sql`${quests.sharesCount} + 1` })
    .where(eq(quests.id, q.id))
    .returning({ n: quests.sharesCount });
  return { shares_count: row?.n ?? 0 };
}
