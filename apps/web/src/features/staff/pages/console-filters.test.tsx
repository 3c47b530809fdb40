import { HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes, type Announcement, type AuditLogEntry, type ExploreCategory, type StaffUser } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { staffBanner, user, USER_ID, OTHER_ID } from '@/testing/fixtures';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import StaffPage from './staff-page';

/**
 * The console's lists (issue #15 item 10, review): the audit log filtered by who, banners searched by title,
 * categories searched and paged (reordering within a page), and announcements sent as news or as a promotion.
 */

const FORMER_ID = '66666666-6666-4666-8666-666666666666';
const signIn = () =>
  authSession.signIn({
    access: 'a',
    refresh: 'r',
    access_expires_at: '2099-01-01T00:00:00Z',
    user: { ...user, is_staff: true },
  });
const renderAt = (path: string) => renderScreen(<StaffPage />, { path, pattern: '/staff/*' });
/** The first rows of a screen: its lazy chunk loads first, slow on a cold, busy machine. */
const firstRows = () => screen.findAllByTestId('staff-row', undefined, { timeout: 5000 });
const page = <T,>(results: T[], count = results.length) => ({ results, count, next: null, previous: null });

const staffUser = (id: string, name: string, username: string): StaffUser => ({
  id,
  name,
  username,
  email: null,
  avatar: null,
  is_active: true,
  is_staff: true,
  date_joined: '2030-01-01T00:00:00Z',
  hidden_by_staff: false,
  hidden_reason: null,
});

const entry = (id: number, actor: { id: string; username: string }): AuditLogEntry => ({
  id,
  actor,
  action: 'banner.create',
  target_type: 'banner',
  target_id: `b-${id}`,
  before: null,
  after: { title: 'New' },
  created_at: '2030-01-02T10:00:00Z',
});

const category = (i: number): ExploreCategory => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Category ${i}`,
  description: '',
  icon: '',
  content_type: 'tasks',
  filter_criteria: {},
  order: i,
  is_active: true,
});

/** The query strings each list endpoint was called with, in order. */
let queries: Record<string, URLSearchParams[]> = {};
const seen = (name: string, request: Request) => (queries[name] ??= []).push(new URL(request.url).searchParams);
let bodies: unknown[] = [];

beforeEach(() => {
  queries = {};
  bodies = [];
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  signIn();
});
afterEach(() => {
  authSession.clear();
  vi.restoreAllMocks();
});

describe('audit log', () => {
  beforeEach(() => {
    server.use(
      api.on(routes.staffUserList, ({ request }) => {
        seen('users', request);
        return HttpResponse.json(page([staffUser(USER_ID, 'Ana Ng', 'ana'), staffUser(OTHER_ID, 'Bo Lee', 'bo')]));
      }),
      api.on(routes.staffAuditLog, ({ request }) => {
        seen('audit', request);
        const actor = new URL(request.url).searchParams.get('actor');
        const all = [entry(3, { id: FORMER_ID, username: 'cy' }), entry(2, { id: OTHER_ID, username: 'bo' })];
        return HttpResponse.json(page(actor ? all.filter((e) => e.actor?.id === actor) : all));
      }),
    );
  });

  it('filters by a staff member chosen from Who, and back to anyone', async () => {
    renderAt('/staff/audit-log');
    expect(await firstRows()).toHaveLength(2);
    expect(queries.users?.[0]?.get('is_staff')).toBe('true');
    const who = screen.getByRole('combobox', { name: 'Who' }) as HTMLSelectElement;
    await waitFor(() => expect(within(who).getByRole('option', { name: 'By Bo Lee' })).toBeTruthy());
    fireEvent.change(who, { target: { value: OTHER_ID } });
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
    expect(queries.audit?.at(-1)?.get('actor')).toBe(OTHER_ID);
    fireEvent.change(who, { target: { value: '' } });
    // Anyone again: the unfiltered page (from the cache).
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(2));
  });

  it('filters by anyone named in a row, former staff too', async () => {
    renderAt('/staff/audit-log');
    const [row] = await firstRows();
    fireEvent.click(within(row!).getByRole('button', { name: 'Only actions by cy' }));
    await waitFor(() => expect(queries.audit?.at(-1)?.get('actor')).toBe(FORMER_ID));
    const who = screen.getByRole('combobox', { name: 'Who' }) as HTMLSelectElement;
    expect(who.value).toBe(FORMER_ID);
    expect(within(who).getByRole('option', { name: 'By cy' })).toBeTruthy();
  });
});

describe('banners', () => {
  const banner = (title: string) => staffBanner({ title, image_url: '/media/b.png' });

  it('searches by title', async () => {
    server.use(
      api.on(routes.staffBannerList, ({ request }) => {
        seen('banners', request);
        const q = new URL(request.url).searchParams.get('q');
        const all = [banner('Welcome week'), banner('Summer sale')];
        return HttpResponse.json(page(q ? all.filter((b) => b.title.toLowerCase().includes(q)) : all));
      }),
    );
    renderAt('/staff/banners');
    expect(await firstRows()).toHaveLength(2);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a banner by title' }), {
      target: { value: 'summer' },
    });
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
    expect(screen.getByText('Summer sale')).toBeTruthy();
    expect(queries.banners?.at(-1)?.get('q')).toBe('summer');
    expect(queries.banners?.at(-1)?.get('page')).toBe('1');
  });

  it('deletes a banner only after the confirmation, says so, and keeps the dialog open when the delete fails', async () => {
    const rows = [banner('Welcome week'), banner('Summer sale')];
    const deleted: string[] = [];
    let fail = true;
    server.use(
      api.on(routes.staffBannerList, () => HttpResponse.json(page(rows.filter((b) => !deleted.includes(b.id))))),
      api.on(routes.staffBannerDelete, ({ params }) => {
        if (fail) return HttpResponse.json({ detail: 'Try later', code: 'unavailable' }, { status: 503 });
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAt('/staff/banners');
    await firstRows();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this banner?' });
    expect(dialog.textContent).toContain('"Welcome week" leaves Home at once. This cannot be undone.');
    expect(deleted).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Try later'));
    expect(screen.getByRole('dialog', { name: 'Delete this banner?' })).toBeTruthy();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([rows[0]!.id]);
    expect(notify.success).toHaveBeenCalledWith('Banner deleted');
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
  });
});

describe('categories', () => {
  const all = Array.from({ length: 30 }, (_, i) => category(i));
  beforeEach(() => {
    server.use(
      api.on(routes.staffCategoryList, ({ request }) => {
        seen('categories', request);
        const p = new URL(request.url).searchParams;
        const q = p.get('q');
        const size = Number(p.get('page_size'));
        const n = Number(p.get('page'));
        const found = q ? all.filter((c) => c.title.includes(q)) : all;
        return HttpResponse.json(page(found.slice((n - 1) * size, n * size), found.length));
      }),
      api.on(routes.staffCategoryUpdate, async ({ request, params }) => {
        const body = (await request.json()) as { order: number };
        bodies.push({ id: params.id, ...body });
        return HttpResponse.json({ ...all.find((c) => c.id === params.id)!, ...body });
      }),
    );
  });

  it('pages through a long list and moves within the page, numbered after the pages before it', async () => {
    renderAt('/staff/categories');
    expect(await firstRows()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 2 · 30 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(5));
    expect(queries.categories?.at(-1)?.get('page')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Move Category 26 up' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order saved'));
    expect(bodies).toEqual([
      { id: category(26).id, order: 25 },
      { id: category(25).id, order: 26 },
    ]);
  });

  it('searches by title, from the first page, without up/down', async () => {
    renderAt('/staff/categories');
    await firstRows();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a category' }), { target: { value: 'Category 2' } });
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(11));
    expect(queries.categories?.at(-1)?.get('q')).toBe('Category 2');
    expect(screen.queryByRole('button', { name: /Move .* up/ })).toBeNull();
    expect(screen.getByText('Clear the search to change the order.')).toBeTruthy();
  });
});

describe('announcements', () => {
  it('sends a promotion and shows its kind in the list', async () => {
    const sent: Announcement[] = [];
    server.use(
      api.on(routes.staffAnnouncements, () => HttpResponse.json(page(sent))),
      api.on(routes.staffAnnouncementCreate, async ({ request }) => {
        const body = (await request.json()) as Announcement;
        bodies.push(body);
        const a: Announcement = {
          ...body,
          id: crypto.randomUUID(),
          link: body.link ?? null,
          recipient_count: 12,
          sent_at: null,
          created_at: '2030-01-02T10:00:00Z',
          actor: { id: USER_ID, username: 'ana' },
        };
        sent.push(a);
        return HttpResponse.json(a, { status: 202 });
      }),
    );
    renderAt('/staff/announcements');
    await screen.findByText('Nothing sent yet', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Rooftop passes' } });
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Only 25 passes.' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'promotion' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send a promotion to all members?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Sending to about 12 members'));
    expect(bodies).toEqual([
      { title: 'Rooftop passes', message: 'Only 25 passes.', link: null, audience: 'all', kind: 'promotion' },
    ]);
    const row = await screen.findByTestId('staff-row');
    expect(within(row).getByText('Promotion')).toBeTruthy();
    // The form is back to club news.
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('system');
  });
});
