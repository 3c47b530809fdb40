import { describe, expect, it } from 'vitest';
import { minLevelError, minLevelInput, minLevelValue, MIN_LEVEL_MSG } from './min-level';
import { buildQuestPayload, emptyQuestForm, questChanges, validateStep2, type QuestForm } from './quest-form';
import { buildPerkPayload, emptyPerkForm, perkChanges, type PerkForm } from './perk-form';

describe('minimum level in the create wizard', () => {
  it('accepts empty or a whole number 0–100', () => {
    expect(['', '0', '3', '100'].map(minLevelError)).toEqual([null, null, null, null]);
    expect(['-1', '2.5', '101', 'x'].map(minLevelError)).toEqual(Array(4).fill(MIN_LEVEL_MSG));
    expect([minLevelValue(''), minLevelValue('4'), minLevelInput(0), minLevelInput(4)]).toEqual([0, 4, '', '4']);
  });

  it('is checked on the Details step and sent only when set; an edit sends it when it changed', () => {
    const form: QuestForm = { ...emptyQuestForm, task_type: 'visit', title: 'T', description: 'D', reward_amount: '5' };
    expect(validateStep2({ ...form, min_level: '101' }).errors.min_level).toBe(MIN_LEVEL_MSG);
    expect(buildQuestPayload(form, null).min_level).toBeUndefined();
    expect(buildQuestPayload({ ...form, min_level: '3' }, null).min_level).toBe(3);
    expect(questChanges({ ...form, min_level: '3' }, { ...form, min_level: '' }, null)).toEqual({ min_level: 0 });
    expect(questChanges(form, form, null)).toEqual({});
    const perk: PerkForm = {
      ...emptyPerkForm,
      perk_type: 'discount_code',
      title: 'P',
      description: 'D',
      cost_amount: '5',
    };
    expect(buildPerkPayload({ ...perk, min_level: '2' }, null).min_level).toBe(2);
    expect(perkChanges(perk, { ...perk, min_level: '2' }, null)).toMatchObject({ min_level: 2 });
  });
});
