import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { SendDialog } from './send-dialog';

const WALLET_ID = '66666666-6666-4666-8666-666666666666';
let calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[];
let reply: () => Response;

beforeEach(() => {
  calls = [];
  localStorage.setItem('wyn.token', 'token');
  reply = () => jsonResponse({ detail: 'You sent 25 W to @alice.', transaction: {}, balance: '75.00' });
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
