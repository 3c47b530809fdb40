import { HttpResponse } from 'msw';
import { routes, type MyPerk } from '@wyn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { perk, perkDetail, USER_ID } from '@/testing/fixtures';
import { notify } from '@/lib/toast';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import ManagePerksPage from './manage-perks-page';

const ID_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ID_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ID_C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const mine = (id: string, extra: Partial<MyPerk> = {}): MyPerk => ({
  ...perk(id),
  updated_at: '2025-01-01T00:00:00Z',
  is_verified: false,
  has_media_issue: false,
  exclusive_content: null,
  moderation: { hidden: false, reason: null },
  ...extra,
});

let list: MyPerk[] = [];
let patched: string[] = [];
beforeEach(() => {
  patched = [];
  list = [
    mine(ID_A, {
      title: 'Coffee perk',
      max_participants: 5,
      tags: ['a', 'b', 'c', 'd', 'e'].map((n, i) => ({ id: `44444444-4444-4444-8444-44444444444${i}`, name: n })),
      has_media_issue: true,
    }),
    mine(ID_B, { title: 'Hidden perk', status: 'sold_out' }),
  ];
  server.use(
    api.on(routes.myPerks, () => HttpResponse.json({ results: list, count: list.length, next: null, previous: null })),
    api.on(routes.perkUpdate, ({ request, params }) => {
      patched.push(request.url);
      if (params.id === ID_B) return apiError(400, { detail: 'Exclusive content is too large.', code: 'invalid' });
      const mine = list.find((p) => p.id === params.id);
      if (!mine) return apiError(404, { detail: 'Not found.', code: 'not_found' });
      return HttpResponse.json(perkDetail(mine.id, { title: mine.title, creator: USER_ID, is_creator: true }));
    }),
    api.on(routes.perkDelete, ({ params }) => {
      list = list.filter((p) => p.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('manage perks', () => {
  it('lists the perks with badges, tags and facts, and deletes after confirming', async () => {
    renderScreen(<ManagePerksPage />, { path: '/manage-perks' });
    expect(screen.getByRole('heading', { name: 'Manage Perks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create New Perk/ }).getAttribute('href')).toBe('/create');
    const cards = await screen.findAllByTestId('manage-perk-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('Media Issue')).toBeTruthy();
    expect(first.getByText('+2')).toBeTruthy();
    expect(first.getByText('5')).toBeTruthy();
    expect(first.getByRole('link', { name: /Edit Coffee perk/ }).getAttribute('href')).toBe(`/edit-perk/${ID_A}`);
    const second = within(cards[1]!);
    expect(second.getByText('sold out')).toBeTruthy();
    expect(second.getByText('Unlimited')).toBeTruthy();

    fireEvent.click(first.getByRole('button', { name: /Delete Coffee perk/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    expect(
      within(dialog).getByText('This action cannot be undone. This will permanently delete the perk.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('manage-perk-card')).toHaveLength(1));
  });

  it('marks a perk hidden by staff, with the reason for screen readers', async () => {
    list = [mine(ID_C, { title: 'Scam perk', moderation: { hidden: true, reason: 'Misleading offer' } }), list[0]!];
    renderScreen(<ManagePerksPage />, { path: '/manage-perks' });
    const [hidden, shown] = await screen.findAllByTestId('manage-perk-card');
    const badge = within(hidden!).getByTestId('hidden-badge');
    expect(badge.textContent).toContain('Hidden');
    expect(within(badge).getByText('Hidden by staff: Misleading offer')).toBeTruthy();
    expect(within(shown!).queryByTestId('hidden-badge')).toBeNull();
  });

  it('shows the empty state', async () => {
    list = [];
    renderScreen(<ManagePerksPage />, { path: '/manage-perks' });
    expect(await screen.findByText('No perks yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First Perk' })).toBeTruthy();
  });

  it('Fix Media Issues saves every fixable perk, past a failed one, and reports both counts', async () => {
    const broken = (id: string, title: string): MyPerk =>
      mine(id, {
        title,
        has_media_issue: true,
        exclusive_content: { content_type: 'images', media_urls: ['blob:http://x/1', `/media/${id}.png`] },
      });
    list = [broken(ID_A, 'One'), broken(ID_B, 'Two'), broken(ID_C, 'Three')];
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(notify, 'info').mockImplementation(() => {});
    renderScreen(<ManagePerksPage />, { path: '/manage-perks' });
    await screen.findAllByTestId('manage-perk-card');
    fireEvent.click(screen.getByRole('button', { name: /Fix Media Issues/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Fixed media issues in 2 perks'));
    expect(patched).toHaveLength(3);
    expect(patched.map((u) => [ID_A, ID_B, ID_C].find((id) => u.includes(id)))).toEqual([ID_A, ID_B, ID_C]);
    expect(error).toHaveBeenCalledWith(
      'Error fixing media: 1 perk could not be saved (Exclusive content is too large.)',
    );
  });
});
