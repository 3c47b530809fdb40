import { eq } from 'drizzle-orm';
import { PERK_MSG, type updatePerkRequest } from '@wyn/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { perks } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';

/**
 * The perk row every perk service starts from: loading it, the visibility rule, the creator-only rule
 * (docs/product.md, docs/spec/02-explore-details-wallet-social.md §4).
 */

export type PerkRow = typeof perks.$inferSelect;
export type UpdatePerkInput = z.output<typeof updatePerkRequest>;

export const toCents = (amount: number) => Math.round(amount * 100);

export const perkError = (status: number, code: string, detail: string) => new AppError(status, code, detail);

export async function getPerkRow(db: DbOrTx, id: string): Promise<PerkRow> {
  const [row] = await db.select().from(perks).where(eq(perks.id, id)).limit(1);
  if (!row) throw notFound(PERK_MSG.notFound);
  return row;
}

/** Hidden by staff and `viewerId` is not its creator: to them the perk does not exist (issue #15 item 4). */
export const perkHiddenFromViewer = (p: Pick<PerkRow, 'hiddenByStaff' | 'creatorId'>, viewerId: string | undefined) =>
  p.hiddenByStaff && (viewerId === undefined || p.creatorId !== viewerId);

/**
 * A perk a member may see: exists and is not archived. With `viewerId`, also not hidden by staff unless they
 * created it.
 */
export async function getVisiblePerk(db: DbOrTx, id: string, viewerId?: string): Promise<PerkRow> {
  const row = await getPerkRow(db, id);
  if (row.isHidden || row.status === 'hidden') throw notFound(PERK_MSG.notFound);
  if (viewerId !== undefined && perkHiddenFromViewer(row, viewerId)) throw notFound(PERK_MSG.notFound);
  return row;
}

export async function getOwnPerk(db: DbOrTx, id: string, userId: string): Promise<PerkRow> {
  const row = await getVisiblePerk(db, id);
  if (row.creatorId !== userId) throw forbidden();
  return row;
}
