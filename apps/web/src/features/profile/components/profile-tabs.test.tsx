import { screen, within } from '@testing-library/react';
import type { ProfileDetail } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { profile } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render';
import { ProfileTabs } from './profile-tabs';

const QUEST = '77777777-7777-4777-8777-777777777777';
const OTHER_QUEST = '88888888-8888-4888-8888-888888888888';

const own = (): ProfileDetail => ({
  ...profile,
  is_own: true,
  created_tasks_count: 2,
  purchased_perks_count: 0,
  created_perks_count: 0,
  completed_tasks: [],
  created_tasks: [
    {
      id: QUEST,
      title: 'Free W here',
      status: 'published',
      reward_amount: '5.00',
      media: null,
      created_at: '2030-01-01T00:00:00Z',
      moderation: { hidden: true, reason: 'Spam link' },
    },
    {
      id: OTHER_QUEST,
      title: 'Follow our studio',
      status: 'published',
      reward_amount: '5.00',
      media: null,
      created_at: '2030-01-01T00:00:00Z',
      moderation: { hidden: false, reason: null },
    },
  ],
  purchased_perks: [],
  created_perks: [],
});

describe('profile tabs', () => {
  it('marks the own created quest hidden by staff, with the reason, and no other', () => {
    renderScreen(<ProfileTabs profile={own()} isOwn />, { path: '/profile' });
    const list = screen.getByTestId('created-quests');
    const [hidden, shown] = within(list).getAllByRole('link');
    expect(hidden!.getAttribute('href')).toBe(`/quest/${QUEST}`);
    expect(within(hidden!).getByTestId('hidden-badge').getAttribute('title')).toBe('Hidden by staff: Spam link');
    expect(within(hidden!).getByText('Hidden by staff: Spam link')).toBeTruthy();
    expect(within(shown!).queryByTestId('hidden-badge')).toBeNull();
  });
});
