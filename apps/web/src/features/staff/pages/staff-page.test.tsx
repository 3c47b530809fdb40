import { HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes, type StaffReport, type StaffStats, type StaffUser } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { staffBanner, user, USER_ID, OTHER_ID } from '@/testing/fixtures';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import StaffPage from './staff-page';

const REPORT_ID = '33333333-3333-4333-8333-333333333333';
const QUEST_ID = '44444444-4444-4444-8444-444444444444';
const BANNER_ID = '55555555-5555-4555-8555-555555555555';

const signIn = (isStaff: boolean) =>
  authSession.signIn({
    access: 'a',
    refresh: 'r',
    access_expires_at: '2099-01-01T00:00:00Z',
    user: { ...user, is_staff: isStaff },
  });
const renderAt = (path: string) => renderScreen(<StaffPage />, { path, pattern: '/staff/*' });

const stats: StaffStats = {
  members: { total: 42, new_7d: 5, active_7d: 17 },
  quests_live: 7,
  perks_live: 3,
  w_in_circulation: '4200.00',
  w_paid_week: '150.00',
  redemptions_week: 4,
  series: [
    { date: '2030-01-01', new_members: 1, w_paid: '10.00', redemptions: 0 },
    { date: '2030-01-02', new_members: 3, w_paid: '0.00', redemptions: 2 },
  ],
};

const report: StaffReport = {
  id: REPORT_ID,
  target_type: 'quest',
  target_id: QUEST_ID,
  reason: 'Spam link',
  status: 'open',
  created_at: '2030-01-02T10:00:00Z',
  reporter: { id: OTHER_ID, username: 'bo', name: 'Bo Lee' },
  target: { exists: true, preview: 'Free W here', hidden_by_staff: false, hidden_reason: null, owner: null },
  open_reports_on_target: 2,
  resolution_action: null,
  resolution_note: null,
  resolved_by: null,
  resolved_at: null,
};

const staffUser = (id: string, extra: Partial<StaffUser> = {}): StaffUser => ({
  id,
  name: 'Bo Lee',
  username: 'bo',
  email: 'bo@example.com',
  avatar: null,
  is_active: true,
  is_staff: false,
  date_joined: '2030-01-01T00:00:00Z',
  hidden_by_staff: false,
  hidden_reason: null,
  ...extra,
});

const banner = staffBanner({ id: BANNER_ID });

let bodies: unknown[] = [];
beforeEach(() => {
  bodies = [];
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  server.use(
    api.on(routes.staffStats, () => HttpResponse.json(stats)),
    api.on(routes.staffReportList, () =>
      HttpResponse.json({ results: [report], count: 1, next: null, previous: null }),
    ),
    api.on(routes.staffReportResolve, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        detail: 'Hidden.',
        report: { ...report, status: 'resolved' },
        resolved_reports: 2,
      });
    }),
    api.on(routes.staffUserList, () =>
      HttpResponse.json({
        results: [staffUser(USER_ID, { name: 'Ana Ng', is_staff: true }), staffUser(OTHER_ID)],
        count: 2,
        next: null,
        previous: null,
      }),
    ),
    api.on(routes.staffUserUpdate, async ({ request, params }) => {
      const body = (await request.json()) as Partial<StaffUser>;
      bodies.push({ id: params.id, ...body });
      return HttpResponse.json(staffUser(String(params.id), body));
    }),
    api.on(routes.staffBannerList, () =>
      HttpResponse.json({ results: [banner], count: 1, next: null, previous: null }),
    ),
    api.on(routes.staffBannerUpdate, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(banner);
    }),
  );
});
afterEach(() => {
  authSession.clear();
  vi.restoreAllMocks();
});

describe('staff console', () => {
  it('shows a member the Staff only page, not the console', async () => {
    signIn(false);
    renderAt('/staff');
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Console screen' })).toBeNull();
  });

  it('shows staff the dashboard numbers and the daily charts', async () => {
    signIn(true);
    renderAt('/staff');
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('5 new in 7 days')).toBeTruthy();
    expect(screen.getByText('4,200 W')).toBeTruthy();
    expect(screen.getByRole('img', { name: /New members per day: 4 over 2 days/ })).toBeTruthy();
    // On a phone the screens are a select.
    expect((screen.getByRole('combobox', { name: 'Console screen' }) as HTMLSelectElement).value).toBe('');
  });

  it('shows the Staff only page when the server refuses (the right was revoked meanwhile)', async () => {
    signIn(true);
    server.use(
      api.on(routes.staffStats, () =>
        apiError(403, { detail: 'Only staff members can do this.', code: 'permission_denied' }),
      ),
    );
    renderAt('/staff');
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeTruthy();
  });

  it('hides a reported quest after confirming, with the reason for its owner', async () => {
    signIn(true);
    renderAt('/staff/reports');
    const row = await screen.findByTestId('staff-row');
    expect(within(row).getByRole('link', { name: 'Free W here' }).getAttribute('href')).toBe(`/quest/${QUEST_ID}`);
    fireEvent.click(within(row).getByRole('button', { name: 'Hide Free W here' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Hide this quest?')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason shown to the owner/), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Hidden; 2 reports resolved'));
    expect(bodies).toEqual([{ action: 'hide', note: 'Spam' }]);
  });

  it('asks for a note before dismissing a report', async () => {
    signIn(true);
    renderAt('/staff/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the report on Free W here' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Dismiss' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Not spam' } });
    expect(confirm.disabled).toBe(false);
  });

  it('grants staff after confirming, and never offers to change the own account', async () => {
    signIn(true);
    renderAt('/staff/members');
    const rows = await screen.findAllByTestId('staff-row');
    expect((within(rows[0]!).getByRole('button', { name: 'Disable Ana Ng' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(rows[0]!).getByRole('button', { name: 'Revoke staff from Ana Ng' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Grant staff to Bo Lee' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant staff' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff granted'));
    expect(bodies).toEqual([{ id: OTHER_ID, is_staff: true }]);
  });

  it('edits a banner with Home’s slider as the preview and refuses a non-http link', async () => {
    signIn(true);
    renderAt('/staff/banners');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Welcome week' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText(/Title/);
    fireEvent.change(title, { target: { value: 'Launch week' } });
    expect(within(screen.getByTestId('banner-preview')).getByText('Launch week')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Link/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save banner' }));
    expect(await within(dialog).findByText('Link must be an http:// or https:// address')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Link/), { target: { value: 'https://example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save banner' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Banner saved'));
    expect(bodies[0]).toMatchObject({
      title: 'Launch week',
      link: 'https://example.com',
      image_url: '/media/welcome.png',
    });
  });
});
