import { HttpResponse } from 'msw';
import type { PerkDetail } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_ID } from '@/testing/fixtures';
import { apiError, routes } from '@/testing/msw/api';
import { renderScreen } from '@/testing/render';
import EditPerkPage from './edit-perk-page';

const ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const detail = (extra: Partial<PerkDetail> = {}): PerkDetail => ({
  id: ID,
  title: 'Coffee perk',
  description: 'A free coffee at our shop',
  terms_and_conditions: '',
  purchase_requirements: '',
  cost_amount: '25.00',
  media: null,
  tags: [],
  creator: USER_ID,
  creator_name: 'ava',
  creator_avatar: null,
  is_creator: true,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  deadline: null,
  max_participants: null,
  purchased_count: 0,
  status: 'active',
  perk_type: 'discount_code',
  is_verified: false,
  is_redeemed: false,
  is_available: true,
  redeemed_at: null,
  content: { perk_type: 'discount_code', discount_code: 'COFFEE' },
  min_level: 0,
  my_level: { xp: 0, level: 1, next_level_xp: 100 },
  ...extra,
});

let patchStatus = 200;
/** Bodies of the PATCH requests the screen sent. */
let patches: unknown[] = [];
beforeEach(() => {
  patchStatus = 200;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  patches = [];
  routes({
    'club/tags/': { results: [], count: 0, next: null, previous: null },
    [`club/perks/${ID}/details/`]: detail(),
    [`club/perks/${ID}/`]: async (request) => {
      if (request.method !== 'PATCH') return apiError(404, { detail: 'Not found.', code: 'not_found' });
      patches.push(await request.json());
      return patchStatus === 200
        ? HttpResponse.json(detail())
        : apiError(patchStatus, { detail: "You don't have permission to perform this action.", code: 'forbidden' });
    },
  });
});

const next = () => fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));

describe('edit perk', () => {
  it('fills the wizard, fixes the type and PATCHes only the changed fields', async () => {
    renderScreen(<EditPerkPage />, { path: `/edit-perk/${ID}`, pattern: '/edit-perk/:id' });
    expect(await screen.findByRole('heading', { name: 'Perk Type' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Telegram invite/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Discount code/) as HTMLInputElement).value).toBe('COFFEE');
    fireEvent.change(screen.getByLabelText(/Discount code/), { target: { value: 'COFFEE2' } });
    next();
    fireEvent.change(screen.getByLabelText(/Cost amount/), { target: { value: '30' } });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/perk/${ID}`));
    expect(patches[0]).toEqual({ cost_amount: '30.00', discount_code: 'COFFEE2' });
  });

  it('reports a 403 as lacking permission', async () => {
    patchStatus = 403;
    renderScreen(<EditPerkPage />, { path: `/edit-perk/${ID}`, pattern: '/edit-perk/:id' });
    await screen.findByRole('heading', { name: 'Perk Type' });
    next();
    fireEvent.change(screen.getByLabelText(/Cost amount/), { target: { value: '30' } });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText("You don't have permission to perform this action.")).toBeTruthy();
  });
});
