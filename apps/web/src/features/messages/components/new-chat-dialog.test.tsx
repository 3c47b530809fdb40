import { HttpResponse } from 'msw';
import { routes, type ProfileCard, type SearchResponse } from '@wyn/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OTHER_ID, USER_ID } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { NewChatDialog } from './new-chat-dialog';

const card = (id: string, display_name: string, username: string): ProfileCard => ({
  id,
  user: id,
  username,
  display_name,
  avatar: null,
  telegram_photo_url: null,
  is_business: false,
  bio: '',
  followers_count: 0,
  following_count: 0,
  quests_completed_count: 0,
  completed_tasks: [],
});

const answer = (users: ProfileCard[]): SearchResponse => ({
  content_results: { tasks: [], perks: [], users },
  counts: { tasks: 0, perks: 0, users: users.length },
  total_results: users.length,
  page: 1,
  total_pages: 1,
  has_next: false,
  has_previous: false,
});

describe('new chat from Messages (issue #14 item 18)', () => {
  it('searches members (not the viewer) and opens the chat with the one chosen', async () => {
    const bodies: unknown[] = [];
    server.use(
      api.on(routes.exploreSearch, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer([card(USER_ID, 'Ana Ng', 'ana'), card(OTHER_ID, 'Bo Lee', 'bo')]));
      }),
    );
    renderScreen(<NewChatDialog viewerId={USER_ID} />, { path: '/messages' });
    fireEvent.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'bo' } });

    const result = await screen.findByRole('link', { name: /Bo Lee/ });
    expect(bodies).toEqual([{ query: 'bo', content_type: 'users' }]);
    expect(screen.queryByRole('link', { name: /Ana Ng/ })).toBeNull();
    expect(result.getAttribute('href')).toBe(`/messages?user=${OTHER_ID}`);
    fireEvent.click(result);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/messages?user=${OTHER_ID}`));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('says when nobody matches', async () => {
    server.use(api.on(routes.exploreSearch, () => HttpResponse.json(answer([]))));
    renderScreen(<NewChatDialog viewerId={USER_ID} />, { path: '/messages' });
    fireEvent.click(screen.getByRole('button', { name: 'New message' }));
    fireEvent.change(await screen.findByLabelText('Search members'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No members found')).toBeTruthy();
  });
});
