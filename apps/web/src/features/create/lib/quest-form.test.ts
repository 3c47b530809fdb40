import { describe, expect, it } from 'vitest';
import {
  buildQuestPayload,
  emptyQuestForm,
  escrowAmount,
  finalCheck,
  validateChannelUsername,
  validateStep1,
  validateStep2,
  type QuestForm,
} from './quest-form';
import { backStep, nextStep } from './wizard-nav';

const form = (patch: Partial<QuestForm>): QuestForm => ({ ...emptyQuestForm, ...patch });
const now = Date.parse('2026-06-01T12:00:00Z');
const basics = { title: 'Join us now', description: 'Join our channel today', reward_amount: '25' };

describe('wizard navigation', () => {
  it('goes back from step 1 to step 0, otherwise one step but never below 1', () => {
    expect(backStep(1)).toBe(0);
    expect(backStep(2)).toBe(1);
    expect(backStep(3)).toBe(2);
    expect(nextStep(0)).toBe(1);
    expect(nextStep(3)).toBe(3);
  });
});

describe('channel username', () => {
  it('follows the spec rules', () => {
    expect(validateChannelUsername('')).toBe('Channel username is required');
    expect(validateChannelUsername('   ')).toBe('Channel username is required');
    expect(validateChannelUsername('@')).toBe('Channel username is required');
    expect(validateChannelUsername('my channel')).toBe('Channel username cannot contain spaces');
    expect(validateChannelUsername('@wyn_club')).toBeNull();
    expect(validateChannelUsername(' wyn ')).toBeNull();
  });
});

describe('step 1 (type fields)', () => {
  it('needs a quest type', () => {
    const r = validateStep1(form({ task_type: '' }));
    expect(r.ok).toBe(false);
    expect(r.message).toBe('Please fill in all required fields');
    expect(r.errors.task_type).toBeTruthy();
  });
  it.each([
    [{ task_type: 'join' as const }, 'channel_username', 'Telegram channel username is required'],
    [
      { task_type: 'join' as const, channel_username: 'a b' },
      'channel_username',
      'Channel username cannot contain spaces',
    ],
    [
      { task_type: 'join' as const, channel_username: 'wyn', channel_type: 'private_group' as const },
      'invite_link',
      'Invite link is required for private channels/groups',
    ],
    [{ task_type: 'start_bot' as const }, 'bot_username', 'Telegram bot username is required'],
    [{ task_type: 'follow' as const }, 'social_platform', 'Instagram handle is required'],
    [{ task_type: 'post' as const }, 'hashtag', 'Hashtag is required'],
    [{ task_type: 'watch' as const }, 'video_id', 'YouTube video ID is required'],
    [{ task_type: 'visit' as const }, 'target_url', 'Target URL is required'],
  ])('%o → %s: %s', (patch, field, message) => {
    const r = validateStep1(form(patch));
    expect(r.ok).toBe(false);
    expect(r.message).toBe('Please fill in all required fields');
    expect(r.errors[field as keyof QuestForm]).toBe(message);
  });
  it('passes with the type field filled', () => {
    expect(validateStep1(form({ task_type: 'join', channel_username: '@wyn' })).ok).toBe(true);
    expect(validateStep1(form({ task_type: 'message' })).ok).toBe(true);
    expect(
      validateStep1(
        form({
          task_type: 'join',
          channel_username: 'wyn',
          channel_type: 'private_channel',
          invite_link: 'https://t.me/+abc',
        }),
      ).ok,
    ).toBe(true);
  });
});

describe('step 2 (basics)', () => {
  it('reports each message', () => {
    const r = validateStep2(
      form({
        title: 'ab',
        description: 'short',
        reward_amount: '0',
        deadline: '2020-01-01T00:00',
        max_participants: '0',
      }),
      now,
    );
    expect(r.ok).toBe(false);
    expect(r.errors.title).toBe('Title must be at least 3 characters');
    expect(r.errors.description).toBe('Description must be at least 10 characters');
    expect(r.errors.reward_amount).toBe('Reward amount must be greater than zero');
    expect(r.errors.deadline).toBe('Deadline cannot be in the past');
    expect(r.errors.max_participants).toBe('Max participants must be at least 1');
    expect(r.message).toBe('Title must be at least 3 characters');
  });
  it('requires title, description and amount', () => {
    const r = validateStep2(form({}), now);
    expect(r.errors.title).toBe('Title is required');
    expect(r.errors.description).toBe('Description is required');
    expect(r.errors.reward_amount).toBe('Reward amount is required');
  });
  it('rejects a negative amount and accepts an empty max (unlimited)', () => {
    expect(validateStep2(form({ ...basics, reward_amount: '-1' }), now).errors.reward_amount).toBe(
      'Reward amount must be greater than zero',
    );
    expect(validateStep2(form({ ...basics, title: 'abc', max_participants: '' }), now).ok).toBe(true);
  });
});

describe('final check', () => {
  it('asks for the basics when one is missing', () => {
    expect(finalCheck(form({ task_type: 'message' }), false)).toBe(
      'Please fill in Title, Description, and Reward Amount.',
    );
    expect(finalCheck(form({ ...basics, title: '', task_type: 'message' }), false)).toBe(
      'Please fill in Title, Description, and Reward Amount.',
    );
  });
  it('needs 5 title characters where step 2 needed 3', () => {
    const f = form({ ...basics, title: 'abcd', task_type: 'message' });
    expect(validateStep2(f, now).ok).toBe(true);
    expect(finalCheck(f, false)).toBe('Title must be at least 5 characters');
    expect(finalCheck({ ...f, title: 'abcde' }, false)).toBeNull();
  });
  it('checks description and amount', () => {
    expect(finalCheck(form({ ...basics, description: 'too short', task_type: 'message' }), false)).toBe(
      'Description must be at least 10 characters',
    );
    expect(finalCheck(form({ ...basics, reward_amount: '0', task_type: 'message' }), false)).toBe(
      'Reward amount must be greater than zero',
    );
  });
  it('needs verified bot access and an invite link for private join quests', () => {
    const join = form({ ...basics, task_type: 'join', channel_username: '@wyn' });
    expect(finalCheck(join, false)).toBe('Bot access must be verified before creating the quest');
    expect(finalCheck(join, true)).toBeNull();
    expect(finalCheck({ ...join, channel_type: 'private_channel' }, true)).toBe(
      'Invite link is required for private channels/groups',
    );
    expect(finalCheck({ ...join, channel_username: '' }, true)).toBe('Channel username is required');
  });
  it('needs each type field', () => {
    expect(finalCheck(form({ ...basics, task_type: 'start_bot' }), false)).toBe('Telegram bot username is required');
    expect(finalCheck(form({ ...basics, task_type: 'visit', target_url: 'ftp://x' }), false)).toBe(
      'Target URL must be an http(s) address',
    );
  });
});

describe('payload', () => {
  it('builds the join payload with task_details and strips the @', () => {
    const p = buildQuestPayload(
      form({
        ...basics,
        task_type: 'join',
        channel_username: '@wyn_club',
        channel_type: 'private_group',
        invite_link: 'https://t.me/+abc',
        max_participants: '10',
        tags: [{ id: 't1', name: 'crypto' }],
      }),
      '/media/x.png',
    );
    expect(p).toMatchObject({
      title: 'Join us now',
      reward_amount: '25.00',
      status: 'published',
      task_type: 'join',
      channel_username: 'wyn_club',
      task_details: { channel_type: 'private_group', invite_link: 'https://t.me/+abc' },
      max_participants: 10,
      tags: ['t1'],
      media: '/media/x.png',
    });
    expect(p.deadline).toBeUndefined();
  });
  it('computes the escrow', () => {
    expect(escrowAmount({ reward_amount: '25', max_participants: '10' })).toBe(250);
    expect(escrowAmount({ reward_amount: '0.1', max_participants: '3' })).toBe(0.3);
    expect(escrowAmount({ reward_amount: '25', max_participants: '' })).toBeNull();
  });
});
