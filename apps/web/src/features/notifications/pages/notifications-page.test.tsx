import { http } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authSession } from '@/lib/session';
import { jsonResponse, user } from '@/testing/fixtures';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import NotificationsPage from './notifications-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const note = (n: number, patch: Partial<Notification> = {}): Notification => ({
  id: id(n),
  title: `Note ${n}`,
  message: `Message ${n}`,
  notification_type: 'system',
  is_read: false,
  link: null,
  created_at: new Date(Date.now() - n * 60_000).toISOString(),
  ...patch,
});

let store: Notification[];
let failList: boolean;
let calls: { url: string; method: string }[];

beforeEach(() => {
  failList = false;
  calls = [];
  store = [
    note(1, { title: 'You received 5 W from Bo', notification_type: 'transaction', link: '/wallet' }),
    note(2, { notification_type: 'promotion', link: 'https://example.com/offer' }),
    note(3, { notification_type: 'task_update', link: 'javascript:alert(1)' }),
    note(4, { is_read: true, notification_type: 'follow' }),
  ];
  authSession.signIn({ access: 'a', refresh: 'r', access_expires_at: '2099-01-01T00:00:00Z', user });
  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      const method = request.method;
      calls.push({ url: url.pathname + url.search, method });
      if (method === 'GET' && url.pathname.endsWith('/club/notifications/')) {
        if (failList) return jsonResponse({ detail: 'Database is napping.' }, 400);
        const page = Number(url.searchParams.get('page') ?? '1');
        const size = Number(url.searchParams.get('page_size') ?? '20');
        const results = store.slice((page - 1) * size, page * size);
        return jsonResponse({
          results,
          count: store.length,
          next: page * size < store.length ? `http://localhost/x?page=${page + 1}` : null,
          previous: null,
          unread_count: store.filter((n) => !n.is_read).length,
        });
      }
      const one = url.pathname.match(/notifications\/([^/]+)\/mark-read\/$/);
      if (method === 'POST' && one) {
        const n = store.find((x) => x.id === one[1]);
        if (!n) return jsonResponse({ detail: 'Notification not found.' }, 404);
        n.is_read = true;
        return jsonResponse(n);
      }
      if (method === 'POST' && url.pathname.endsWith('/notifications/mark-all-read/')) {
        const updated = store.filter((n) => !n.is_read).length;
        store = store.map((n) => ({ ...n, is_read: true }));
        return jsonResponse({ detail: 'All notifications marked as read.', updated });
      }
      return jsonResponse({ detail: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => {
  authSession.clear();
});

const items = () => screen.findAllByTestId('notification-item');
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);

describe('notifications page', () => {
  it('lists title, type, message, time, and New with Mark All as Read for unread items', async () => {
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    const list = await items();
    expect(list).toHaveLength(4);
    const first = within(list[0]!);
    expect(first.getByText('You received 5 W from Bo')).toBeTruthy();
    expect(first.getByText('Transaction')).toBeTruthy();
    expect(first.getByText('Message 1')).toBeTruthy();
    expect(first.getByText('New')).toBeTruthy();
    expect(first.getByText('1 minute ago')).toBeTruthy();
    expect(within(list[3]!).queryByText('New')).toBeNull();
    expect(within(list[3]!).getByText('Follow')).toBeTruthy();
    expect(screen.getAllByText('New')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Mark All as Read' })).toBeTruthy();
    expect(calls[0]?.url).toContain('ordering=-created_at');
  });

  it('renders http(s) links for a new tab, in-app paths as app links, and other links as plain buttons', async () => {
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    const [inApp, external, unsafe, noLink] = await items();
    expect(inApp!.tagName).toBe('A');
    expect(inApp!.getAttribute('href')).toBe('/wallet');
    expect(inApp!.getAttribute('target')).toBeNull();
    expect(external!.getAttribute('href')).toBe('https://example.com/offer');
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(external!.getAttribute('rel')).toContain('noopener');
    expect(unsafe!.tagName).toBe('BUTTON');
    expect(unsafe!.getAttribute('href')).toBeNull();
    expect(noLink!.tagName).toBe('BUTTON');
  });

  it('marks an unread item read on click, then follows its in-app link', async () => {
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    const [inApp] = await items();
    fireEvent.click(inApp!);
    await waitFor(() => expect(posts()).toEqual([`/api/v1/club/notifications/${id(1)}/mark-read/`]));
    expect(screen.getByTestId('location').textContent).toBe('/wallet');
  });

  it('marks a link-less item read in place and does not mark a read one again', async () => {
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    const list = await items();
    fireEvent.click(list[3]!);
    fireEvent.click(list[2]!);
    await waitFor(() => expect(screen.getAllByText('New')).toHaveLength(2));
    expect(posts()).toEqual([`/api/v1/club/notifications/${id(3)}/mark-read/`]);
    expect(screen.getByTestId('location').textContent).toBe('/notifications');
  });

  it('Mark All as Read makes one call, clears every New badge and hides itself', async () => {
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => expect(screen.queryAllByText('New')).toHaveLength(0));
    expect(posts()).toEqual(['/api/v1/club/notifications/mark-all-read/']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark All as Read' })).toBeNull());
  });

  it('pages with Load more, 20 at a time', async () => {
    store = Array.from({ length: 25 }, (_, i) => note(i + 1, { is_read: true }));
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    expect(await items()).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Mark All as Read' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      calls.filter((c) => c.method === 'GET').map((c) => new URL(c.url, 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('shows No Notifications when there are none', async () => {
    store = [];
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('No Notifications')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark All as Read' })).toBeNull();
  });

  it('shows the error with its message and tries again', async () => {
    failList = true;
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load notifications')).toBeTruthy();
    expect(within(alert).getByText('Database is napping.')).toBeTruthy();
    failList = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await items()).toHaveLength(4);
  });
});
