import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { jsonResponse, OTHER_ID, profile, USER_ID } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { SendDialog } from './send-dialog';

const WALLET_ID = '66666666-6666-4666-8666-666666666666';
// The transfer's answer as the contract gives it (the client checks every answer against its schema in tests).
const sentTransaction = {
  id: '77777777-7777-4777-8777-777777777777',
  transaction_type: 'internal_transfer',
  status: 'completed',
  amount: '25.00',
  fee: '0.00',
  created_at: '2026-11-24T10:00:00.000Z',
  description: 'Transfer to @alice',
  from_wallet: WALLET_ID,
  to_wallet: '88888888-8888-4888-8888-888888888888',
  is_incoming: false,
  from_user: USER_ID,
  to_user: OTHER_ID,
  from_user_display_name: 'Test User',
  to_user_display_name: 'Alice',
  from_user_avatar: null,
  to_user_avatar: null,
  related_entity_id: null,
  related_entity_type: null,
  related_entity_title: null,
};
let calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[];
let reply: () => Response;

beforeEach(() => {
  calls = [];
  localStorage.setItem('wyn.token', 'token');
  reply = () => jsonResponse({ detail: 'You sent 25 W to @alice.', transaction: sentTransaction, balance: '75.00' });
  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const text = await request.text();
      calls.push({
        url: request.url,
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      return reply();
    }),
  );
});

const render = () =>
  renderScreen(<SendDialog open onOpenChange={() => {}} walletId={WALLET_ID} balance="100.00" />, { path: '/wallet' });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SendDialog', () => {
  it('validates before the confirmation step', () => {
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a username or member ID')).toBeTruthy();
    expect(screen.getByText('Enter an amount')).toBeTruthy();
    type(/Recipient/, 'alice');
    type(/Amount/, '150');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('You only have 100 W')).toBeTruthy();
    type(/Amount/, '1.005');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter an amount with at most two decimals')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('names the member in the confirmation when the recipient was typed as a member id', async () => {
    server.use(
      api.on(routes.profile, () =>
        HttpResponse.json({
          ...profile,
          id: OTHER_ID,
          display_name: 'Chloe Nguyen',
          is_own: false,
          created_tasks_count: 0,
          purchased_perks_count: 0,
          created_perks_count: 0,
          completed_tasks: [],
          created_tasks: [],
          purchased_perks: [],
          created_perks: [],
        }),
      ),
    );
    render();
    type(/Recipient/, OTHER_ID);
    type(/Amount/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('send-confirm').textContent).toBe(`Send 12 W to member ${OTHER_ID.slice(0, 8)}…?`);
    await waitFor(() => expect(screen.getByTestId('send-confirm').textContent).toBe('Send 12 W to Chloe Nguyen?'));
  });

  it('confirms, then POSTs the transfer with an Idempotency-Key', async () => {
    render();
    type(/Recipient/, 'alice');
    type(/Amount/, '25');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('send-confirm').textContent).toBe('Send 25 W to @alice?');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const call = calls[0]!;
    expect(new URL(call.url).pathname).toBe(`/api/v1/club/wallets/${WALLET_ID}/transfer/`);
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ recipient: 'alice', amount: '25' });
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a server refusal inline', async () => {
    reply = () => jsonResponse({ detail: 'Recipient not found.', code: 'not_found' }, 404);
    render();
    type(/Recipient/, 'nobody');
    type(/Amount/, '5');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Recipient not found.')).toBeTruthy();
    expect(screen.getByLabelText(/Recipient/)).toBeTruthy();
  });
});
