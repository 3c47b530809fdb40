/**
 * Perks: creation, reading, management and redemption (docs/product.md, docs/spec/02-explore-details-wallet-social.md §4).
 * The secret fields (telegram_url, discount_code, event_details, exclusive_content) leave this module only
 * inside `content`, and only for the perk's creator or a member who redeemed it. This file is the module's
 * public service; the work lives in perk-rows, perk-content, perks-read, perks-lifecycle and perk-redemption.
 */
export type { PerkRow } from './perk-rows.service.ts';
export {
  listMyPerks,
  listMyRedemptions,
  listPerks,
  listPurchasers,
  perkContentFor,
  perkDetail,
} from './perks-read.service.ts';
export { createPerkWithFiles, deletePerk, updatePerk, type ResolveChat } from './perks-lifecycle.service.ts';
export { redeemAndDeliver } from './perk-redemption.service.ts';
