import { QUEST_MSG, type QuestDetail } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { questDetail, USER_ID } from '@/testing/fixtures';
import {
  questChanges,
  questEditLimits,
  questEscrowChange,
  questToForm,
  toLocalInput,
  validateQuestEdit,
  type QuestForm,
} from './quest-form';

// Editing a quest (docs/product.md, "Editing a quest"): the form filled in from the quest, the PATCH body with
// only what changed, the rules the creator sees before the server refuses, and how the escrow moves.

const TAG_A = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'design' };
const TAG_B = { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'art' };
const now = Date.parse('2026-06-01T12:00:00Z');

const quest = (patch: Partial<QuestDetail> = {}): QuestDetail =>
  questDetail('33333333-3333-4333-8333-333333333333', {
    media: '/media/cover.png',
    tags: [TAG_A],
    creator: USER_ID,
    creator_name: 'Ana',
    deadline: '2026-07-01T10:00:00Z',
    completion_criteria: 'A link to the post',
    is_creator: true,
    ...patch,
  });

describe('questToForm', () => {
  it('fills the wizard from the quest, type fields included', () => {
    const f = questToForm(quest());
    expect(f).toMatchObject({
      task_type: 'post',
      hashtag: '#wyn',
      title: 'Post with our hashtag',
      reward_amount: '10.00',
      max_participants: '5',
      deadline: toLocalInput('2026-07-01T10:00:00Z'),
      participation_requirements: '',
      completion_criteria: 'A link to the post',
      tags: [TAG_A],
    });
    const join = questToForm(
      quest({ task_type: 'join', channel_username: 'wyn_club', channel_type: 'private_group', invite_link: 'x' }),
    );
    expect(join).toMatchObject({ channel_username: 'wyn_club', channel_type: 'private_group', invite_link: 'x' });
  });

  it('an unlimited quest without a deadline has empty fields', () => {
    expect(questToForm(quest({ max_participants: null, deadline: null }))).toMatchObject({
      max_participants: '',
      deadline: '',
    });
  });
});

describe('questChanges', () => {
  const initial = questToForm(quest());
  const edit = (patch: Partial<QuestForm>) => ({ ...initial, ...patch });

  it('sends nothing when nothing changed (whitespace and an equal amount are no change)', () => {
    expect(questChanges(initial, edit({ title: ' Post with our hashtag ', reward_amount: '10' }), null)).toEqual({});
    expect(questChanges(initial, edit({ tags: [TAG_A] }), null)).toEqual({});
  });

  it('sends only the changed fields, trimmed and typed', () => {
    expect(
      questChanges(
        initial,
        edit({ title: 'A better title ', reward_amount: '12.5', max_participants: '8', tags: [TAG_B, TAG_A] }),
        null,
      ),
    ).toEqual({ title: 'A better title', reward_amount: '12.50', max_participants: 8, tags: [TAG_B.id, TAG_A.id] });
  });

  it('clears optional text, the cap and the deadline with null', () => {
    expect(
      questChanges(initial, edit({ completion_criteria: '  ', max_participants: '', deadline: '' }), null),
    ).toEqual({ completion_criteria: null, max_participants: null, deadline: null });
    expect(
      questChanges(initial, edit({ participation_requirements: 'Members only' }), null).participation_requirements,
    ).toBe('Members only');
  });

  it('sends a moved deadline as an ISO time', () => {
    const out = questChanges(initial, edit({ deadline: '2026-08-01T09:30' }), null);
    expect(out).toEqual({ deadline: new Date('2026-08-01T09:30').toISOString() });
  });

  it('a new upload replaces the cover; removing sends null; a blob: preview never goes out', () => {
    expect(questChanges(initial, initial, '/media/new.png')).toEqual({ media: '/media/new.png' });
    expect(questChanges(initial, initial, null, true)).toEqual({ media: null });
    expect(questChanges(initial, initial, '/media/new.png', true)).toEqual({ media: '/media/new.png' });
    expect(questChanges(initial, initial, 'blob:http://x/1')).toEqual({});
  });
});

describe('validateQuestEdit', () => {
  const past = quest({ deadline: '2026-05-01T10:00:00Z' });
  const open = questEditLimits(quest());
  const joined = questEditLimits(quest({ current_participants: 3 }));

  it('does not check an unchanged deadline against the clock again, but a changed one', () => {
    const initial = questToForm(past);
    expect(validateQuestEdit(initial, { ...initial, title: 'Another title' }, open, now).ok).toBe(true);
    const moved = validateQuestEdit(initial, { ...initial, deadline: '2026-05-02T10:00' }, open, now);
    expect(moved.errors.deadline).toBe(QUEST_MSG.deadlinePast);
  });

  it('keeps the create rules for the text', () => {
    const initial = questToForm(quest());
    expect(validateQuestEdit(initial, { ...initial, description: 'short' }, open, now).errors.description).toBe(
      QUEST_MSG.descriptionMin,
    );
  });

  it('lets anything change while no one joined', () => {
    const initial = questToForm(quest());
    const r = validateQuestEdit(
      initial,
      { ...initial, reward_amount: '20', max_participants: '', deadline: '2026-06-15T10:00' },
      open,
      now,
    );
    expect(r).toEqual({ ok: true, message: null, errors: {} });
  });

  it('once members joined: the reward is fixed, places not below the joined, no unlimited, deadline only later', () => {
    const initial = questToForm(quest({ current_participants: 3 }));
    const check = (patch: Partial<QuestForm>) => validateQuestEdit(initial, { ...initial, ...patch }, joined, now);
    expect(check({ reward_amount: '11' }).errors.reward_amount).toBe(QUEST_MSG.rewardLocked);
    expect(check({ max_participants: '2' }).errors.max_participants).toBe(QUEST_MSG.maxBelowJoined(3));
    expect(check({ max_participants: '3' }).ok).toBe(true);
    expect(check({ max_participants: '' }).errors.max_participants).toBe(QUEST_MSG.capLocked);
    expect(check({ deadline: '2026-06-20T10:00' }).errors.deadline).toBe(QUEST_MSG.deadlineExtendOnly);
    expect(check({ deadline: '2026-08-01T10:00' }).ok).toBe(true);
    expect(check({ deadline: '' }).ok).toBe(true);
  });

  it('an unlimited quest members joined may get a cap, but no deadline where it had none', () => {
    const initial = questToForm(quest({ current_participants: 3, max_participants: null, deadline: null }));
    expect(validateQuestEdit(initial, { ...initial, max_participants: '10' }, joined, now).ok).toBe(true);
    expect(validateQuestEdit(initial, { ...initial, deadline: '2026-08-01T10:00' }, joined, now).errors.deadline).toBe(
      QUEST_MSG.deadlineExtendOnly,
    );
  });

  it('an ended quest: only text, cover and tags', () => {
    const ended = quest({ status: 'closed' });
    const limits = questEditLimits(ended);
    expect(limits).toEqual({ joined: 0, ended: true });
    const initial = questToForm(ended);
    const check = (patch: Partial<QuestForm>) => validateQuestEdit(initial, { ...initial, ...patch }, limits, now);
    expect(check({ title: 'A new title', tags: [] }).ok).toBe(true);
    expect(check({ reward_amount: '11' }).errors.reward_amount).toBe(QUEST_MSG.endedFieldsLocked);
    expect(check({ max_participants: '9' }).errors.max_participants).toBe(QUEST_MSG.endedFieldsLocked);
    expect(check({ deadline: '' }).errors.deadline).toBe(QUEST_MSG.endedFieldsLocked);
  });
});

describe('questEscrowChange', () => {
  const initial = questToForm(quest()); // 10 W × 5 places
  const change = (patch: Partial<QuestForm>, joined = 0, from = initial) =>
    questEscrowChange(from, { ...from, ...patch }, joined);

  it('nothing when places and reward are unchanged, or the quest stays unlimited', () => {
    expect(change({ title: 'Other' })).toBeNull();
    expect(change({ reward_amount: '10' })).toBeNull();
    const unlimited = questToForm(quest({ max_participants: null }));
    expect(change({ reward_amount: '20' }, 0, unlimited)).toBeNull();
  });

  it('more places reserve reward × added places; fewer return it', () => {
    expect(change({ max_participants: '8' }, 2)).toEqual({ kind: 'reserve', amount: 30, atMost: false });
    expect(change({ max_participants: '3' }, 2)).toEqual({ kind: 'return', amount: 20, atMost: false });
  });

  it('a new reward before anyone joined moves reward × places', () => {
    expect(change({ reward_amount: '12.5' })).toEqual({ kind: 'reserve', amount: 12.5, atMost: false });
    expect(change({ reward_amount: '0.1', max_participants: '3' })).toEqual({
      kind: 'return',
      amount: 49.7,
      atMost: false,
    });
  });

  it('capped → unlimited returns the escrow; unlimited → capped reserves it (at most, once members joined)', () => {
    expect(change({ max_participants: '' })).toEqual({ kind: 'return', amount: 50, atMost: false });
    const unlimited = questToForm(quest({ max_participants: null }));
    expect(change({ max_participants: '4' }, 0, unlimited)).toEqual({ kind: 'reserve', amount: 40, atMost: false });
    expect(change({ max_participants: '4' }, 2, unlimited)).toEqual({ kind: 'reserve', amount: 40, atMost: true });
  });

  it('nothing for values the form will refuse', () => {
    expect(change({ max_participants: '2.5' })).toBeNull();
    expect(change({ reward_amount: '' })).toBeNull();
    expect(change({ max_participants: '0' })).toBeNull();
  });
});
