import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { routes, type ReferralsResponse } from '@wyn/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { shareItem } from '@/lib/share';
import InvitePage from './invite-page';

const referrals = (over: Partial<ReferralsResponse> = {}): ReferralsResponse => ({
  code: 'abcd234567',
  link: 'https://t.me/wyn_bot/club?startapp=r_abcd234567',
  web_link: 'http://localhost/?startapp=r_abcd234567',
  share_text: 'Join me on Wyn',
  invited: [
    {
      profile: { id: '11111111-1111-4111-8111-111111111111', name: 'Nora Lee', avatar: null },
      status: 'qualified',
      joined_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      qualified_at: new Date().toISOString(),
      rewarded: true,
    },
    {
      profile: { id: '22222222-2222-4222-8222-222222222222', name: 'Omar Diaz', avatar: null },
      status: 'pending',
      joined_at: new Date().toISOString(),
      qualified_at: null,
      rewarded: false,
    },
    {
      profile: { id: '33333333-3333-4333-8333-333333333333', name: 'Pia Holm', avatar: null },
      status: 'qualified',
      joined_at: new Date().toISOString(),
      qualified_at: new Date().toISOString(),
      rewarded: false,
    },
  ],
  invited_count: 3,
  qualified_count: 2,
  total_earned: '20.00',
  reward: '20.00',
  welcome: '10.00',
  daily_cap: 10,
  qualify_days: 30,
  ...over,
});

describe('Invite screen', () => {
  beforeEach(() => {
    server.use(api.on(routes.referrals, () => HttpResponse.json(referrals())));
  });

  it('shows the link, the terms, the totals and each invitee with their status', async () => {
    renderScreen(<InvitePage />, { path: '/invite', pattern: '/invite' });
    expect((await screen.findByTestId<HTMLInputElement>('invite-link')).value).toBe(
      'https://t.me/wyn_bot/club?startapp=r_abcd234567',
    );
    expect(screen.getByText(/you get/).textContent).toContain('you get 20 W and they get 10 W');
    const stats = screen.getByTestId('invite-stats');
    expect(within(stats).getByText('Earned').previousElementSibling?.textContent).toBe('20 W');
    expect(within(stats).getByText('Qualified').previousElementSibling?.textContent).toBe('2');
    const rows = screen.getAllByTestId('invitee-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Qualified'),
      expect.stringContaining('Waiting for first quest'),
      expect.stringContaining('Qualified, daily limit reached'),
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(
      '/profile/11111111-1111-4111-8111-111111111111',
    );
  });

  it('says so when nobody was invited yet', async () => {
    server.use(
      api.on(routes.referrals, () =>
        HttpResponse.json(referrals({ invited: [], invited_count: 0, total_earned: '0.00' })),
      ),
    );
    renderScreen(<InvitePage />, { path: '/invite', pattern: '/invite' });
    expect((await screen.findByTestId('invites-empty')).textContent).toContain('No invites yet');
  });

  it('offers a retry when the invitation cannot be loaded', async () => {
    let calls = 0;
    server.use(
      api.on(routes.referrals, () => {
        calls += 1;
        return calls === 1 ? apiError(403, { detail: 'No', code: 'forbidden' }) : HttpResponse.json(referrals());
      }),
    );
    renderScreen(<InvitePage />, { path: '/invite', pattern: '/invite' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('invite-link')).toBeTruthy());
  });
});

describe('sharing an invitation', () => {
  const invite = {
    type: 'invite',
    link: 'https://t.me/b/a?startapp=r_x',
    text: 'Join me',
    title: 'Invite friends',
  } as const;
  const inside = { insideTelegram: () => true, nav: undefined, origin: 'https://wyn.example' };

  it('sends the invitation card the server prepared through shareMessage inside Telegram', async () => {
    const prepare = vi.fn(async () => ({ link: invite.link, text: invite.text, prepared_message_id: 'prep-9' }));
    const shareMessage = vi.fn(async () => true);
    const open = vi.fn(() => true);
    expect(
      await shareItem(invite, {
        ...inside,
        canShareMessage: () => true,
        prepare,
        shareMessage,
        openTelegramLink: open,
      }),
    ).toBe('shared');
    expect(prepare).toHaveBeenCalledWith(invite, true);
    expect(shareMessage).toHaveBeenCalledWith('prep-9');
    expect(open).not.toHaveBeenCalled();
  });

  it("opens Telegram's chat picker with the link and text on an older client", async () => {
    const prepare = vi.fn(async () => ({ link: invite.link, text: invite.text }));
    const open = vi.fn(() => true);
    expect(await shareItem(invite, { ...inside, canShareMessage: () => false, prepare, openTelegramLink: open })).toBe(
      'opened',
    );
    expect(prepare).toHaveBeenCalledWith(invite, false);
    expect(open).toHaveBeenCalledWith(
      `https://t.me/share/url?${new URLSearchParams({ url: invite.link, text: invite.text }).toString()}`,
    );
  });

  it('uses the system share sheet outside Telegram, else copies the link', async () => {
    const share = vi.fn(() => Promise.resolve());
    expect(await shareItem(invite, { insideTelegram: () => false, nav: { share } as unknown as Navigator })).toBe(
      'shared',
    );
    expect(share).toHaveBeenCalledWith({ title: invite.title, url: invite.link, text: invite.text });
    const writeText = vi.fn(() => Promise.resolve());
    expect(
      await shareItem(invite, {
        insideTelegram: () => false,
        nav: { clipboard: { writeText } } as unknown as Navigator,
      }),
    ).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(invite.link);
  });
});
