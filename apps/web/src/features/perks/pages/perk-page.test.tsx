import { http } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PerkDetail } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { jsonResponse, OTHER_ID, user, USER_ID } from '@/testing/fixtures';
import { appConfig } from '@/testing/msw/account-handlers';
import { apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import PerkPage from './perk-page';

const PERK_ID = '77777777-7777-4777-8777-777777777777';
const WALLET_ID = '66666666-6666-4666-8666-666666666666';

function perkFixture(patch: Partial<PerkDetail> = {}): PerkDetail {
  return {
    id: PERK_ID,
    title: 'Coffee voucher',
    description: 'A free coffee.',
    terms_and_conditions: '',
    purchase_requirements: '',
    cost_amount: '50.00',
    media: null,
    tags: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Food' }],
    creator: OTHER_ID,
    creator_name: 'Bo Lee',
    creator_avatar: '/media/bo.png',
    is_creator: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deadline: null,
    max_participants: 10,
    purchased_count: 4,
    status: 'active',
    perk_type: 'discount_code',
    is_verified: false,
    is_redeemed: false,
    is_available: true,
    redeemed_at: null,
    content: null,
    min_level: 0,
    my_level: { xp: 0, level: 1, next_level_xp: 100 },
    ...patch,
  };
}

let perk: PerkDetail;
/** The perk's price on the server, which a creator may have changed since the page loaded. */
let serverCost: string;
let calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[];

beforeEach(() => {
  perk = perkFixture();
  serverCost = perk.cost_amount;
  calls = [];
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const url = request.url;
      const method = request.method;
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      calls.push({ url, method, headers: Object.fromEntries(request.headers), body });
      if (url.endsWith(`club/perks/${PERK_ID}/details/`)) return jsonResponse(perk);
      if (url.endsWith('wallets/my_wallet/')) return jsonResponse({ id: WALLET_ID, user: USER_ID, balance: '120.00' });
      if (url.endsWith('/redeem/')) {
        if ((body as { expected_cost?: string }).expected_cost !== serverCost)
          return jsonResponse(
            {
              detail: `The price changed to ${parseInt(serverCost)} W`,
              code: 'price_changed',
              cost_amount: serverCost,
            },
            409,
          );
        const content = { perk_type: 'discount_code' as const, discount_code: 'COFFEE-42' };
        perk = { ...perk, is_redeemed: true, is_available: false, purchased_count: 5, content };
        return jsonResponse({
          detail: 'Redeemed',
          perk,
          content,
          transaction_id: '88888888-8888-4888-8888-888888888888',
          balance: '70.00',
          auto_purchased: false,
        });
      }
      if (url.includes('bot/config/')) return jsonResponse(appConfig);
      return jsonResponse({ detail: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => {
  authSession.clear();
});

const render = () => renderScreen(<PerkPage />, { path: `/perk/${PERK_ID}`, pattern: '/perk/:id' });

describe('perk page', () => {
  it('shows the perk, confirms and redeems, then reveals the code', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Coffee voucher' })).toBeTruthy();
    expect(screen.getByText('#Food')).toBeTruthy();
    // The creator by name and picture, never by id (issue #14 item 14).
    const creator = screen.getByTestId('perk-creator');
    expect(creator.textContent).toContain('Bo Lee');
    expect(creator.textContent).not.toMatch(/User \w{6}/);
    expect(creator.querySelector('img')?.getAttribute('src')).toBe('/media/bo.png');
    expect(creator.getAttribute('href')).toBe(`/profile/${OTHER_ID}`);
    expect(screen.getAllByText(/Redeem points to receive this perk/).length).toBe(1);
    expect(screen.getAllByTestId('availability')[0]!.textContent).toBe('6 / 10 left');
    const button = await screen.findAllByRole('button', { name: 'Redeem for 50 W' });
    await waitFor(() => expect((button[0] as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button[0]!);
    expect(
      await screen.findByText(
        'Are you sure you want to spend 50 W points to redeem "Coffee voucher"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Redeem' }));
    expect((await screen.findByTestId('discount-code')).textContent).toBe('COFFEE-42');
    expect(screen.getAllByRole('button', { name: /Already Redeemed/ }).length).toBeGreaterThan(0);
    const redeem = calls.find((c) => c.url.endsWith('/redeem/'))!;
    expect(redeem.method).toBe('POST');
    expect(redeem.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(redeem.body).toEqual({ expected_cost: '50.00' });
  });

  it('a price changed since the page loaded: shows the new price in the dialog and pays it only when confirmed again', async () => {
    serverCost = '60.00';
    render();
    const button = await screen.findAllByRole('button', { name: 'Redeem for 50 W' });
    await waitFor(() => expect((button[0] as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm & Redeem' }));

    expect((await screen.findByTestId('price-changed')).textContent).toBe('The price changed to 60 W');
    expect(
      screen.getByText(
        'Are you sure you want to spend 60 W points to redeem "Coffee voucher"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    const redeems = () => calls.filter((c) => c.url.endsWith('/redeem/'));
    expect(redeems().map((c) => c.body)).toEqual([{ expected_cost: '50.00' }]);
    expect(screen.queryByTestId('discount-code')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Redeem' }));
    expect((await screen.findByTestId('discount-code')).textContent).toBe('COFFEE-42');
    expect(redeems().map((c) => c.body)).toEqual([{ expected_cost: '50.00' }, { expected_cost: '60.00' }]);
    expect(redeems()[0]!.headers['idempotency-key']).not.toBe(redeems()[1]!.headers['idempotency-key']);
  });

  it("offers its creator Edit instead of a disabled You're the Creator (issue #14 item 20)", async () => {
    perk = perkFixture({
      creator: USER_ID,
      is_creator: true,
      content: { perk_type: 'discount_code', discount_code: 'C-1' },
    });
    render();
    const edit = (await screen.findAllByRole('link', { name: 'Edit Perk' }))[0]!;
    expect(edit.getAttribute('href')).toBe(`/edit-perk/${PERK_ID}`);
    expect(screen.queryByRole('button', { name: "You're the Creator" })).toBeNull();
    expect(screen.queryByRole('button', { name: /Redeem/ })).toBeNull();
    fireEvent.click(edit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/edit-perk/${PERK_ID}`));
  });

  it('shows Perk Not Found on a 404', async () => {
    server.use(http.all('*/api/v1/*', () => apiError(404, { detail: 'Not found.', code: 'not_found' })));
    render();
    expect(await screen.findByText('Perk Not Found')).toBeTruthy();
    expect(screen.getByText('The requested perk could not be found.')).toBeTruthy();
  });
});
