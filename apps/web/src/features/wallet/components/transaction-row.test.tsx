import type { WalletTransaction } from '@wyn/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OTHER_ID, USER_ID } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { TransactionRow } from './transaction-row';

const LONG_NAME = 'Maximiliana Alexandrovna Konstantinopolskaya-Featherstonehaugh';

function tx(extra: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    transaction_type: 'internal_transfer',
    status: 'completed',
    amount: '15.00',
    fee: '0.00',
    created_at: new Date().toISOString(),
    description: 'Thanks for the help',
    from_wallet: '44444444-4444-4444-8444-444444444444',
    to_wallet: '55555555-5555-4555-8555-555555555555',
    is_incoming: true,
    from_user: OTHER_ID,
    to_user: USER_ID,
    from_user_display_name: 'Chloe Nguyen',
    to_user_display_name: 'Ada Lovelace',
    from_user_avatar: '/media/avatars/chloe.png',
    to_user_avatar: null,
    related_entity_id: null,
    related_entity_type: null,
    related_entity_title: null,
    ...extra,
  };
}

function renderRow(t: WalletTransaction) {
  renderScreen(
    <ul>
      <TransactionRow tx={t} />
    </ul>,
    { path: '/wallet' },
  );
  return screen.getByTestId('transaction-row');
}

// Issue #14 item 14: the wallet names the other member (with their picture), never a raw id.
describe('TransactionRow', () => {
  it("shows the other member's name and avatar, linked to their profile, and no raw id", () => {
    const row = renderRow(tx());
    const link = within(row).getByRole('link', { name: 'Chloe Nguyen' });
    expect(link.getAttribute('href')).toBe(`/profile/${OTHER_ID}`);
    expect(within(row).getByTestId('transaction-counterpart').textContent).toBe('From Chloe Nguyen');
    const avatar = row.querySelector('img');
    expect(avatar?.getAttribute('src')).toBe('/media/avatars/chloe.png');
    expect(row.textContent).not.toContain(OTHER_ID);
    expect(row.textContent).not.toContain(OTHER_ID.slice(0, 6));
    expect(row.textContent).not.toMatch(/\bUser [0-9a-f]{6}/);
    expect(within(row).getByTestId('transaction-amount').textContent).toBe('Received +15 W');
  });

  it('names the recipient of an outgoing transfer, with their initial when they have no picture', () => {
    const row = renderRow(tx({ is_incoming: false }));
    expect(within(row).getByTestId('transaction-counterpart').textContent).toBe('To Ada Lovelace');
    expect(row.querySelector('img')).toBeNull();
    expect(row.firstElementChild?.textContent).toBe('A');
    expect(row.textContent).not.toContain(USER_ID);
  });

  it('cuts a long name with an ellipsis and keeps the whole name in its title and accessible name', () => {
    const row = renderRow(tx({ from_user_display_name: LONG_NAME }));
    const line = within(row).getByTestId('transaction-counterpart');
    expect(line.className.split(' ')).toEqual(expect.arrayContaining(['truncate', 'min-w-0']));
    expect(line.getAttribute('title')).toBe(LONG_NAME);
    expect(within(row).getByRole('link', { name: LONG_NAME })).toBeTruthy();
    // The amount and time never shrink away for it.
    expect(within(row).getByTestId('transaction-amount').parentElement?.className).toContain('shrink-0');
    expect(row.querySelector('time')?.className).toContain('shrink-0');
  });

  it('names a system counterpart (no profile) without a link', () => {
    const row = renderRow(
      tx({ transaction_type: 'system_reward', from_user: null, from_user_display_name: 'Wyn', from_user_avatar: null }),
    );
    expect(within(row).getByTestId('transaction-counterpart').textContent).toBe('From Wyn');
    expect(within(row).queryByRole('link', { name: 'Wyn' })).toBeNull();
  });
});
