import { eq } from 'drizzle-orm';
import { QUEST_MSG, type createQuestRequest } from '@wyn/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { quests, type questCompletions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The quest and participation rows every quest service starts from: loading a quest (optionally locked),
 * the visibility rule, and which quests verify themselves.
 */

export type QuestRow = typeof quests.$inferSelect;
export type CompletionRow = typeof questCompletions.$inferSelect;
export type CreateQuestInput = z.output<typeof createQuestRequest>;

export const toCents = (amount: number) => Math.round(amount * 100);

/** start_bot quests on the product's own bot are verified through the webhook; others are reviewed. */
export function isOwnBotQuest(q: Pick<QuestRow, 'taskType' | 'botUsername'>, config: Config): boolean {
  const own = config.telegram.botUsername?.toLowerCase();
  return q.taskType === 'start_bot' && Boolean(own) && (q.botUsername ?? '').replace(/^@/, '').toLowerCase() === own;
}
export function isAutomatic(q: Pick<QuestRow, 'taskType' | 'botUsername'>, config: Config): boolean {
  return q.taskType === 'join' || isOwnBotQuest(q, config);
}

export async function getQuestRow(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<QuestRow> {
  const base = db.select().from(quests).where(eq(quests.id, id)).limit(1);
  const [row] = opts.lock ? await base.for('update') : await base;
  if (!row) throw notFound(QUEST_MSG.notFound);
  return row;
}

/** Hidden by staff and `viewerId` is not its creator: to them the quest does not exist (issue #15 item 4). */
export const hiddenFromViewer = (q: Pick<QuestRow, 'hiddenByStaff' | 'creatorId'>, viewerId: string | undefined) =>
  q.hiddenByStaff && (viewerId === undefined || q.creatorId !== viewerId);

/**
 * A quest a member may see: exists and is not archived. With `viewerId`, also not hidden by staff unless they
 * created it (the callers without one act on a participation that already exists).
 */
export async function getVisibleQuest(db: DbOrTx, id: string, viewerId?: string): Promise<QuestRow> {
  const row = await getQuestRow(db, id);
  if (row.isHidden || row.status === 'hidden') throw notFound(QUEST_MSG.notFound);
  if (viewerId !== undefined && hiddenFromViewer(row, viewerId)) throw notFound(QUEST_MSG.notFound);
  return row;
}
