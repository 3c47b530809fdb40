import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { routes, type QuestDetail } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { perkDetail, questDetail, USER_ID } from '@/testing/fixtures';
import { myWalletHandler } from '@/testing/msw/account-handlers';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import CreatePage from './create-page';

// Issue #15 item 12: Duplicate opens the create wizard filled in from the server's copy; publishing it creates
// a new quest (or perk) like any other.

const SOURCE_ID = '33333333-3333-4333-8333-333333333333';
const NEW_ID = '99999999-9999-4999-8999-999999999999';
const TAG = { id: '44444444-4444-4444-8444-444444444444', name: 'Design' };

function questFixture(patch: Partial<QuestDetail> = {}): QuestDetail {
  return questDetail(SOURCE_ID, {
    title: 'Visit our shop',
    description: 'Open the shop and look around.',
    media: '/media/cover.png',
    tags: [TAG],
    reward_amount: '5.00',
    creator: USER_ID,
    creator_name: 'Ana Ng',
    max_participants: 4,
    current_participants: 1,
    task_type: 'visit',
    hashtag: null,
    target_url: 'https://shop.example',
    created_at: '2026-01-01T00:00:00Z',
    is_creator: true,
    ...patch,
  });
}

let posts: Array<Record<string, unknown>>;
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  posts = [];
  server.use(
    api.on(routes.questDuplicate, () =>
      HttpResponse.json({
        title: 'Visit our shop',
        description: 'Open the shop and look around.',
        reward_amount: '5.00',
        task_type: 'visit' as const,
        max_participants: 4,
        tags: [TAG.id],
        media: '/media/cover.png',
        target_url: 'https://shop.example',
      }),
    ),
    api.on(routes.quest, () => HttpResponse.json(questFixture())),
    api.on(routes.questCreate, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posts.push(body);
      return HttpResponse.json(questFixture({ id: NEW_ID }), { status: 201 });
    }),
    api.on(routes.tags, () => HttpResponse.json({ results: [], count: 0, next: null, previous: null })),
    myWalletHandler(),
  );
});
afterEach(() => {
  authSession.clear();
  vi.restoreAllMocks();
});

const next = () => fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));

describe('duplicating into the create wizard', () => {
  it('opens the copy of a quest filled in, cover and tags kept, and publishes it as a new quest', async () => {
    renderScreen(<CreatePage />, { path: `/create?duplicate=quest:${SOURCE_ID}` });
    expect(await screen.findByTestId('duplicate-note')).toBeTruthy();
    expect(screen.getByTestId('duplicate-note').textContent).toContain('A copy of “Visit our shop”');
    expect(screen.getByRole('heading', { name: 'Quest Type' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Visit link/ }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText(/Target URL/) as HTMLInputElement).value).toBe('https://shop.example');
    next();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect((screen.getByLabelText(/Title/) as HTMLInputElement).value).toBe('Visit our shop');
    expect((screen.getByLabelText(/Reward amount/) as HTMLInputElement).value).toBe('5.00');
    expect(screen.getByRole('button', { name: 'Remove tag Design' })).toBeTruthy();
    expect(screen.getByAltText('Selected media preview').getAttribute('src')).toBe('/media/cover.png');
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Visit our shop again' } });
    next();
    expect(screen.getByRole('heading', { name: 'Review & Submit' })).toBeTruthy();
    authSession.setTokens({ access: 'token', refresh: 'refresh' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Quest' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/quest/${NEW_ID}`));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      title: 'Visit our shop again',
      reward_amount: '5.00',
      task_type: 'visit',
      max_participants: 4,
      tags: [TAG.id],
      media: '/media/cover.png',
      target_url: 'https://shop.example',
    });
  });

  it('opens the copy of a perk in the perk wizard', async () => {
    server.use(
      api.on(routes.perkDuplicate, () =>
        HttpResponse.json({
          title: 'Ten off',
          description: 'Ten percent off at our shop.',
          cost_amount: '3.00',
          perk_type: 'discount_code' as const,
          discount_code: 'WYN10',
          tags: [],
        }),
      ),
      api.on(routes.perkDetails, () => HttpResponse.json(perkDetail(SOURCE_ID, { title: 'Ten off' }))),
    );
    renderScreen(<CreatePage />, { path: `/create?duplicate=perk:${SOURCE_ID}` });
    expect((await screen.findByTestId('duplicate-note')).textContent).toContain('publish it as a new perk');
    expect(screen.getByRole('radio', { name: /Discount code/ }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText(/Discount code/, { selector: 'input' }) as HTMLInputElement).value).toBe('WYN10');
  });

  it('says why when the quest cannot be copied and leaves a blank wizard', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => '');
    server.use(api.on(routes.questDuplicate, () => apiError(403, { detail: 'Forbidden', code: 'forbidden' })));
    renderScreen(<CreatePage />, { path: `/create?duplicate=quest:${SOURCE_ID}` });
    await waitFor(() => expect(error).toHaveBeenCalledWith('You can only duplicate your own quests and perks.'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create'));
    expect(screen.getByRole('radio', { name: /Create Quest/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('duplicate-note')).toBeNull();
  });

  it('shows the server’s reason for content hidden by staff (409)', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => '');
    server.use(
      api.on(routes.questDuplicate, () =>
        apiError(409, { detail: 'This quest was hidden by the club’s staff.', code: 'conflict' }),
      ),
    );
    renderScreen(<CreatePage />, { path: `/create?duplicate=quest:${SOURCE_ID}` });
    await waitFor(() => expect(error).toHaveBeenCalledWith('This quest was hidden by the club’s staff.'));
  });
});
