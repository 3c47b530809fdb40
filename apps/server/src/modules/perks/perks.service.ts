/**
 * Perks: creation, reading, management and redemption (docs/product.md, docs/spec/02-explore-details-wallet-social.md §4).
 * The secret fields (telegram_url, discount_code, event_details, exclusive_content) leave this module only
 * inside `content`, and only for the perk's creator or a member who redeemed it. This file is the module's
 * public service; the work lives in perk-rows, perk-content, perks-read, perks-lifecycle and perk-redemption.
 */
import type { PerkDetail } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import type { PrivateMediaLinks } from '../../lib/private-media-links.ts';
import type { UploadedFile } from '../../lib/multipart-body.ts';
import {
  createPerkWithFiles as create,
  updatePerk as update,
  type ResolveChat as Resolve,
} from './perks-lifecycle.service.ts';
import { perkDetail as detail } from './perks-read.service.ts';

export { getVisiblePerk, type PerkRow } from './perk-rows.service.ts';
export {
  listMyPerks,
  listMyRedemptions,
  listPerks,
  listPurchasers,
  perkContentFor,
  perkDetail,
} from './perks-read.service.ts';
export { createPerkWithFiles, deletePerk, updatePerk, type ResolveChat } from './perks-lifecycle.service.ts';
export { perkRedemption, redeemAndDeliver } from './perk-redemption.service.ts';

type LifecycleOpts = { now: Date; resolveChat: Resolve; links: PrivateMediaLinks };

// Create and edit answer with the perk as its creator now sees it: one call each for the routes.

/** Creates a perk (cover and exclusive file stored); answers with its detail. */
export async function createPerk(
  db: DbOrTx,
  storage: MediaStorage,
  creatorId: string,
  input: Parameters<typeof create>[3],
  files: UploadedFile[],
  opts: LifecycleOpts,
): Promise<PerkDetail> {
  const id = await create(db, storage, creatorId, input, files, opts);
  return detail(db, id, creatorId, opts.links);
}

/** Edits the creator's own perk; answers with its detail. */
export async function editPerk(
  db: DbOrTx,
  perkId: string,
  userId: string,
  input: Parameters<typeof update>[3],
  opts: LifecycleOpts,
): Promise<PerkDetail> {
  await update(db, perkId, userId, input, opts);
  return detail(db, perkId, userId, opts.links);
}
