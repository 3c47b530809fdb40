import { amountToCents, levelNeededMessage, PERK_MSG, PerkErrorCode, type XpLevelState } from '@wyn/contract';

/** What the redeem card needs from a perk detail (docs/spec/02-explore-details-wallet-social.md §4). */
export interface RedeemablePerk {
  title: string;
  status: string;
  cost_amount: string;
  creator: string | null;
  is_creator: boolean;
  is_redeemed: boolean;
  is_available: boolean;
  deadline: string | null;
  max_participants: number | null;
  purchased_count: number;
  /** Members below it may not redeem; with the viewer's level the card explains before they press. */
  min_level?: number;
  my_level?: XpLevelState;
}

export type RedeemBlocker = 'inactive' | 'redeemed' | 'creator' | 'expired' | 'outOfStock' | 'level' | 'insufficient';

export interface RedeemAlert {
  kind: RedeemBlocker | 'walletError';
  title: string;
  message: string;
}

export interface RedeemState {
  /** True when every condition holds and no request is pending. */
  canRedeem: boolean;
  label: string;
  /** The first failing condition, or null. */
  blocker: RedeemBlocker | null;
  alerts: RedeemAlert[];
}

export interface RedeemInput {
  perk: RedeemablePerk;
  viewerId: string | null;
  /** Balance as a decimal string; undefined while unknown. */
  balance: string | undefined;
  walletError: boolean;
  pending: boolean;
  now?: number;
}

const whole = (amount: string | undefined | null): number => Math.trunc((amountToCents(amount ?? '0') ?? 0) / 100);

export const statusText = (status: string) => status.replace(/_/g, ' ');

export function isExpired(deadline: string | null, now: number = Date.now()): boolean {
  if (!deadline) return false;
  const t = Date.parse(deadline);
  return Number.isFinite(t) && t < now;
}

export function isRedeemed(perk: Pick<RedeemablePerk, 'is_redeemed' | 'is_available'>): boolean {
  return perk.is_redeemed || perk.is_available === false;
}

export function isOwnPerk(perk: Pick<RedeemablePerk, 'is_creator' | 'creator'>, viewerId: string | null): boolean {
  return perk.is_creator || (viewerId !== null && perk.creator === viewerId);
}

export function isOutOfStock(perk: Pick<RedeemablePerk, 'max_participants' | 'purchased_count'>): boolean {
  return perk.max_participants != null && perk.purchased_count >= perk.max_participants;
}

/** Label, blocker and alerts of the redeem card: the rules of docs/spec/02-explore-details-wallet-social.md §4 in their label order. */
export function redeemState({
  perk,
  viewerId,
  balance,
  walletError,
  pending,
  now = Date.now(),
}: RedeemInput): RedeemState {
  const cost = whole(perk.cost_amount);
  const costCents = amountToCents(perk.cost_amount) ?? 0;
  const balanceCents = balance === undefined ? null : (amountToCents(balance) ?? 0);
  const inactive = perk.status !== 'active';
  const redeemed = isRedeemed(perk);
  const creator = isOwnPerk(perk, viewerId);
  const expired = isExpired(perk.deadline, now);
  const outOfStock = isOutOfStock(perk);
  const insufficient = balanceCents !== null && balanceCents < costCents;
  // Below the perk's minimum level (issue #16 item 2): the server would refuse with the same sentence.
  const belowLevel =
    perk.min_level !== undefined && perk.my_level !== undefined && perk.my_level.level < perk.min_level;

  const alerts: RedeemAlert[] = [];
  if (inactive)
    alerts.push({
      kind: 'inactive',
      title: 'Perk Inactive',
      message: `This perk is currently ${statusText(perk.status)} and cannot be redeemed.`,
    });
  if (redeemed) alerts.push({ kind: 'redeemed', title: 'Already Redeemed', message: PERK_MSG.alreadyRedeemed });
  if (creator)
    alerts.push({
      kind: 'creator',
      title: "You're the Creator",
      message: "You created this perk, so you can't redeem it.",
    });
  if (expired) alerts.push({ kind: 'expired', title: 'Perk Expired', message: PERK_MSG.expired });
  if (outOfStock)
    alerts.push({
      kind: 'outOfStock',
      title: PERK_MSG.outOfStock,
      message: 'All available redemptions have been claimed.',
    });
  if (belowLevel && !redeemed && !creator)
    alerts.push({
      kind: 'level',
      title: `Level ${perk.min_level} needed`,
      message: levelNeededMessage('perk', perk.min_level!, perk.my_level!),
    });
  if (walletError)
    alerts.push({ kind: 'walletError', title: 'Wallet Error', message: "We couldn't load your balance." });
  else if (insufficient && !redeemed && !creator)
    alerts.push({
      kind: 'insufficient',
      title: 'Insufficient Points',
      message: `You need ${cost} W points, but you only have ${whole(balance)}.`,
    });

  let blocker: RedeemBlocker | null = null;
  let label = `Redeem for ${cost} W`;
  if (redeemed) [blocker, label] = ['redeemed', 'Already Redeemed'];
  else if (creator) [blocker, label] = ['creator', "You're the Creator"];
  else if (expired) [blocker, label] = ['expired', 'Perk Expired'];
  else if (outOfStock) [blocker, label] = ['outOfStock', PERK_MSG.outOfStock];
  else if (inactive) [blocker, label] = ['inactive', 'Not Available'];
  else if (belowLevel) [blocker, label] = ['level', `Level ${perk.min_level} needed`];
  else if (insufficient) [blocker, label] = ['insufficient', 'Insufficient Points'];

  if (pending) label = 'Redeeming...';
  const canRedeem = !pending && blocker === null && balanceCents !== null && !walletError;
  return { canRedeem, label, blocker, alerts };
}

/** "Are you sure you want to spend N W points to redeem "title"? This action cannot be undone." */
export function confirmText(perk: Pick<RedeemablePerk, 'cost_amount' | 'title'>): string {
  return `Are you sure you want to spend ${whole(perk.cost_amount)} W points to redeem "${perk.title}"? This action cannot be undone.`;
}

/** "The price changed to N W": shown in the confirm dialog when the server refused the agreed price. */
export function priceChangedText(cost: string): string {
  return PERK_MSG.priceChanged(amountToCents(cost) ?? 0);
}

/** The perk's current price from a 409 `price_changed` answer's data, else null. */
export function changedPrice(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { code, cost_amount } = data as { code?: unknown; cost_amount?: unknown };
  return code === PerkErrorCode.priceChanged && typeof cost_amount === 'string' && amountToCents(cost_amount) !== null
    ? cost_amount
    : null;
}

/** Left and total of a limited perk; null when unlimited. */
export function availability(
  perk: Pick<RedeemablePerk, 'max_participants' | 'purchased_count'>,
): { left: number; total: number; percent: number } | null {
  if (perk.max_participants == null) return null;
  const total = perk.max_participants;
  const left = Math.max(0, total - perk.purchased_count);
  return { left, total, percent: total > 0 ? (left / total) * 100 : 0 };
}

/** "User 1a2b3c..." — the spec's creator label. */
export function creatorLabel(creatorId: string): string {
  return `User ${creatorId.slice(0, 6)}...`;
}
