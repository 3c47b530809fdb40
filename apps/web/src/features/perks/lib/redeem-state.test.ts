import { describe, expect, it } from 'vitest';
import {
  availability,
  changedPrice,
  confirmText,
  creatorLabel,
  priceChangedText,
  redeemState,
  type RedeemablePerk,
} from './redeem-state';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const base: RedeemablePerk = {
  title: 'Coffee',
  status: 'active',
  cost_amount: '50.00',
  creator: 'aaaaaaaa-0000-0000-0000-000000000001',
  is_creator: false,
  is_redeemed: false,
  is_available: true,
  deadline: null,
  max_participants: null,
  purchased_count: 0,
};
const state = (
  perk: Partial<RedeemablePerk>,
  opts: { balance?: string; walletError?: boolean; pending?: boolean; viewerId?: string | null } = {},
) =>
  redeemState({
    perk: { ...base, ...perk },
    viewerId: opts.viewerId ?? 'viewer',
    balance: 'balance' in opts ? opts.balance : '100.00',
    walletError: opts.walletError ?? false,
    pending: opts.pending ?? false,
    now: NOW,
  });
const titles = (s: ReturnType<typeof redeemState>) => s.alerts.map((a) => a.title);

describe('redeemState', () => {
  it('a member below the minimum level is told the level needed and the XP to go, and cannot redeem', () => {
    const low = state({ min_level: 3, my_level: { xp: 180, level: 2, next_level_xp: 300 } });
    expect(low).toMatchObject({ canRedeem: false, blocker: 'level', label: 'Level 3 needed' });
    expect(low.alerts).toContainEqual({
      kind: 'level',
      title: 'Level 3 needed',
      message: 'This perk needs level 3. You are level 2: 120 XP to go.',
    });
    expect(state({ min_level: 2, my_level: { xp: 100, level: 2, next_level_xp: 300 } }).canRedeem).toBe(true);
  });

  it('is redeemable when every rule holds', () => {
    const s = state({});
    expect(s).toMatchObject({ canRedeem: true, label: 'Redeem for 50 W', blocker: null });
    expect(s.alerts).toEqual([]);
  });

  it('shows Redeeming... while pending and disables', () => {
    expect(state({}, { pending: true })).toMatchObject({ canRedeem: false, label: 'Redeeming...' });
  });

  it('Already Redeemed via is_redeemed or is_available false', () => {
    for (const p of [{ is_redeemed: true }, { is_available: false }]) {
      const s = state(p);
      expect(s).toMatchObject({ canRedeem: false, label: 'Already Redeemed', blocker: 'redeemed' });
      expect(titles(s)).toEqual(['Already Redeemed']);
    }
  });

  it("You're the Creator via is_creator or the creator id", () => {
    expect(state({ is_creator: true })).toMatchObject({ label: "You're the Creator", canRedeem: false });
    const s = state({}, { viewerId: base.creator });
    expect(s.label).toBe("You're the Creator");
    expect(titles(s)).toEqual(["You're the Creator"]);
  });

  it('Perk Expired when the deadline passed', () => {
    const s = state({ deadline: '2026-01-09T00:00:00Z' });
    expect(s).toMatchObject({ label: 'Perk Expired', canRedeem: false });
    expect(titles(s)).toEqual(['Perk Expired']);
    expect(state({ deadline: '2026-02-01T00:00:00Z' }).canRedeem).toBe(true);
  });

  it('Out of Stock when purchased_count reaches max_participants', () => {
    const s = state({ max_participants: 3, purchased_count: 3 });
    expect(s).toMatchObject({ label: 'Out of Stock', canRedeem: false });
    expect(titles(s)).toEqual(['Out of Stock']);
    expect(state({ max_participants: 3, purchased_count: 2 }).canRedeem).toBe(true);
  });

  it('Not Available when inactive, with the Perk Inactive alert showing the status', () => {
    const s = state({ status: 'sold_out' });
    expect(s).toMatchObject({ label: 'Not Available', canRedeem: false, blocker: 'inactive' });
    expect(s.alerts[0]).toMatchObject({ title: 'Perk Inactive' });
    expect(s.alerts[0]?.message).toContain('sold out');
  });

  it('Insufficient Points with the exact sentence', () => {
    const s = state({ cost_amount: '120.00' }, { balance: '45.99' });
    expect(s).toMatchObject({ label: 'Insufficient Points', canRedeem: false });
    expect(s.alerts).toEqual([
      { kind: 'insufficient', title: 'Insufficient Points', message: 'You need 120 W points, but you only have 45.' },
    ]);
  });

  it('Wallet Error when the balance fails to load', () => {
    const s = state({}, { walletError: true, balance: undefined });
    expect(s.canRedeem).toBe(false);
    expect(titles(s)).toEqual(['Wallet Error']);
  });

  it('is not redeemable while the balance is unknown', () => {
    expect(state({}, { balance: undefined })).toMatchObject({ canRedeem: false, label: 'Redeem for 50 W' });
  });
});

describe('helpers', () => {
  it('confirmText', () => {
    expect(confirmText(base)).toBe(
      'Are you sure you want to spend 50 W points to redeem "Coffee"? This action cannot be undone.',
    );
  });
  it('availability', () => {
    expect(availability(base)).toBeNull();
    expect(availability({ max_participants: 10, purchased_count: 4 })).toEqual({ left: 6, total: 10, percent: 60 });
  });
  it('creatorLabel', () => {
    expect(creatorLabel('abcdef123456')).toBe('User abcdef...');
  });
  it('price_changed: the new price from a 409 answer, and its sentence', () => {
    expect(changedPrice({ detail: 'x', code: 'price_changed', cost_amount: '60.00' })).toBe('60.00');
    expect(changedPrice({ detail: 'x', code: 'out_of_stock', cost_amount: '60.00' })).toBeNull();
    expect(changedPrice({ code: 'price_changed', cost_amount: 'sixty' })).toBeNull();
    expect(changedPrice(undefined)).toBeNull();
    expect(priceChangedText('60.99')).toBe('The price changed to 60 W');
  });
});
