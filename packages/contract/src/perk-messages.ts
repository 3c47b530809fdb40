import { LIMITS } from './limits.ts';

/**
 * Perk sentences and refusal codes (docs/spec/01-signin-home-create.md §5; docs/spec/02-explore-details-wallet-social.md §4,
 * §8), shared by the server and the web app. Kept apart from the perk schemas (perks.ts) so the web app can import
 * them without loading zod.
 */

const wholeW = (cents: number) => `${Math.trunc(cents / 100)}`;

export const PERK_MSG = {
  // final check on submit (docs/spec/01-signin-home-create.md §5)
  titleMin: `Title must be at least ${LIMITS.titleMinFinal} characters`,
  titleMax: `Title must be at most ${LIMITS.titleMax} characters`,
  descriptionMin: `Description must be at least ${LIMITS.descriptionMin} characters`,
  descriptionMax: `Description must be at most ${LIMITS.descriptionMax} characters`,
  missingBasics: 'Please fill in Title, Description, and Cost Amount.',
  costPositive: 'Cost amount must be greater than zero',
  deadlinePast: 'Deadline cannot be in the past',
  deadlineInvalid: 'Enter a valid date and time for the deadline',
  maxParticipantsMin: 'Max participants must be at least 1',
  perkTypeRequired: 'Perk type is required',
  telegramUrlRequired: 'Telegram invite link is required',
  telegramUrlInvalid: 'Telegram invite link must be an http(s) address',
  discountCodeRequired: 'Discount code is required',
  eventDetailsRequired: 'Event details are required',
  contentRequired: 'Content is required',
  textRequired: 'Text content is required',
  linkRequired: 'External link is required',
  linkInvalid: 'External link must be an http(s) address',
  mediaRequired: 'Media content is required. Please upload a file.',
  mediaUrlInvalid: 'Media must be a URL returned by media/upload/ or an http(s) address',
  onlyImageVideo: 'Only image and video files are supported',
  exclusiveMediaPrivate:
    'Exclusive images and video must be uploaded as exclusive media, not given as a public address',
  exclusiveMediaNotYours: 'Exclusive media must be a file you uploaded',
  fieldNotForType: 'This field does not apply to this perk type.',
  maxBelowPurchased: (n: number) => `Max participants cannot be below the number already redeemed (${n}).`,
  createSuccess: 'Perk created successfully!',
  createFailed: 'Failed to create perk. Please try again.',
  // reading
  invalidId: 'Invalid ID format',
  notFound: 'Perk not found. It might have been removed.',
  // redemption (docs/spec/02-explore-details-wallet-social.md §4, §8)
  notActive: (status: string) => `This perk is not active (status: ${status.replace(/_/g, ' ')}).`,
  alreadyRedeemed: 'You have already redeemed this perk.',
  creatorCannotRedeem: "You're the creator of this perk and can't redeem it.",
  expired: 'This perk has expired.',
  outOfStock: 'Out of Stock',
  insufficient: (costCents: number, balanceCents: number) =>
    `Insufficient Points. You need ${wholeW(costCents)} W points, but you only have ${wholeW(balanceCents)}.`,
  redeemed: "You've successfully redeemed the perk.",
  redeemedNotificationTitle: 'Your perk was redeemed',
  priceChanged: (costCents: number) => `The price changed to ${wholeW(costCents)} W`,
  /** Not in the spec: the perk was edited again and again while a redemption was being made (nothing charged). */
  changedWhileRedeeming: 'This perk changed while you redeemed it. Please try again.',
  deleted: 'Perk deleted successfully',
} as const;

/** Stable `code`s of the redeem refusals, one per alert of docs/spec/02-explore-details-wallet-social.md §4. */
export const PerkErrorCode = {
  inactive: 'perk_inactive',
  alreadyRedeemed: 'already_redeemed',
  creator: 'perk_creator',
  expired: 'perk_expired',
  outOfStock: 'out_of_stock',
  insufficientFunds: 'insufficient_funds',
  priceChanged: 'price_changed',
} as const;
