import type { ProfileDetail } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { profile as baseProfile } from '@/testing/fixtures';
import {
  activityItems,
  applyFollow,
  avatarSource,
  createdQuestsNote,
  loadErrorKind,
  profileCounters,
  profileName,
  saveErrorMessage,
} from './profile-display';

const detail = (patch: Partial<ProfileDetail> = {}): ProfileDetail => ({
  ...baseProfile,
  is_own: false,
  created_tasks_count: 0,
  purchased_perks_count: 0,
  created_perks_count: 0,
  completed_tasks: [],
  created_tasks: [],
  purchased_perks: [],
  created_perks: [],
  ...patch,
});
const http = (status: number, data: unknown) => new ApiError({ kind: 'http', status, data, url: '/api/v1/x/' });
const at = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();

describe('profileName', () => {
  it('uses the full name, else the username, else "User" and the id start', () => {
    expect(profileName(detail())).toBe('Ana Ng');
    expect(profileName(detail({ user: { ...baseProfile.user, first_name: '', last_name: ' ' } }))).toBe('ana');
    expect(profileName(detail({ user: { ...baseProfile.user, first_name: '', last_name: '', username: null } }))).toBe(
      'User 111111',
    );
    expect(profileName(detail({ user: { ...baseProfile.user, first_name: 'Solo', last_name: '' } }))).toBe('Solo');
  });
});

describe('avatarSource', () => {
  it('prefers a picked preview, then the avatar, then the Telegram photo; null falls back to the initial', () => {
    const p = { avatar: '/media/a.png', telegram_photo_url: 'https://t.me/p.jpg' };
    expect(avatarSource(p, 'blob:x')).toBe('blob:x');
    expect(avatarSource(p)).toBe('/media/a.png');
    expect(avatarSource({ ...p, avatar: null })).toBe('https://t.me/p.jpg');
    expect(avatarSource({ avatar: null, telegram_photo_url: null })).toBeNull();
  });
});

describe('applyFollow (optimistic count)', () => {
  it('moves by one only on a real change and never below zero', () => {
    const p = { is_following: false, followers_count: 3 };
    expect(applyFollow(p, true)).toEqual({ is_following: true, followers_count: 4 });
    expect(applyFollow(p, false)).toBe(p);
    expect(applyFollow({ is_following: true, followers_count: 0 }, false)).toEqual({
      is_following: false,
      followers_count: 0,
    });
    expect(applyFollow({ is_following: true, followers_count: 5 }, false).followers_count).toBe(4);
  });
});

describe('counters and activity', () => {
  it('Quests = completed + created, Perks = purchased + created', () => {
    const c = profileCounters(
      detail({ quests_completed_count: 2, created_tasks_count: 3, purchased_perks_count: 1, created_perks_count: 4 }),
    );
    expect(c).toMatchObject({ quests: 5, perks: 5 });
  });

  it('shows at most 3 completed quests, else at most 3 purchased perks, with their real times', () => {
    const completed = [1, 2, 3, 4].map((n) => ({
      id: `c${n}`,
      task: `q${n}`,
      task_title: `Quest ${n}`,
      username: 'ana',
      reward_amount: '1.00',
      media: null,
      completed_at: at(n),
    }));
    const purchased = [1, 2, 3, 4].map((n) => ({
      id: `r${n}`,
      perk: n === 2 ? null : `p${n}`,
      title: `Perk ${n}`,
      cost_amount: '1.00',
      media: null,
      purchased_at: at(n),
    }));
    const a = activityItems(detail({ completed_tasks: completed, purchased_perks: purchased }));
    expect(a.map((i) => i.title)).toEqual(['Quest 1', 'Quest 2', 'Quest 3']);
    expect(a[0]).toMatchObject({ kind: 'quest', to: '/quest/q1', at: at(1) });
    const b = activityItems(detail({ purchased_perks: purchased }));
    expect(b.map((i) => i.to)).toEqual(['/perk/p1', null, '/perk/p3']);
    expect(activityItems(detail())).toEqual([]);
    expect(createdQuestsNote(1)).toBe('Created 1 quest');
    expect(createdQuestsNote(4)).toBe('Created 4 quests');
  });
});

describe('error messages', () => {
  it('maps save failures to the spec messages', () => {
    expect(saveErrorMessage(http(403, { detail: 'x' }))).toBe('You do not have permission to update this profile.');
    expect(saveErrorMessage(http(400, { detail: 'Bad', errors: { avatar: ['Too big'] } }))).toBe(
      'Avatar upload failed: Too big',
    );
    expect(saveErrorMessage(http(415, { detail: 'The avatar must be an image.' }))).toBe(
      'Avatar upload failed: The avatar must be an image.',
    );
    expect(saveErrorMessage(http(400, { detail: 'That username is taken.' }))).toBe('That username is taken.');
    expect(saveErrorMessage(http(400, {}))).toBe('Invalid data provided. Please check your input.');
    expect(saveErrorMessage(new Error('boom'))).toBe('Failed to update profile. Please try again.');
  });

  it('classifies load failures: 404/invalid id → not found, 5xx → server, else could not load', () => {
    expect(loadErrorKind(http(404, {}))).toBe('not_found');
    expect(loadErrorKind(http(400, { detail: 'Invalid ID format' }))).toBe('not_found');
    expect(loadErrorKind(http(500, {}))).toBe('server');
    expect(loadErrorKind(new ApiError({ kind: 'network', url: '/x' }))).toBe('other');
  });
});
