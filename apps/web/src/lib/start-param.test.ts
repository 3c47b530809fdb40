import { describe, expect, it } from 'vitest';
import { startParamFor } from '@wyn/contract';
import { launchKey, parseStartParam, readStartParam, startTargetPath } from './start-param';

const ID = '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b';

describe('parseStartParam', () => {
  it.each([
    [`q_${ID}`, { kind: 'quest', id: ID }],
    [`p_${ID}`, { kind: 'perk', id: ID }],
    [`u_${ID}`, { kind: 'profile', id: ID }],
    [`q_${ID.toUpperCase()}`, { kind: 'quest', id: ID }],
    ['r_friend-42', { kind: 'referral', code: 'friend-42' }],
    ['r_ABC_def', { kind: 'referral', code: 'ABC_def' }],
  ])('%s → %o', (raw, target) => {
    expect(parseStartParam(raw)).toEqual(target);
  });

  it.each([
    null,
    undefined,
    '',
    'q_',
    'q',
    `x_${ID}`,
    ID,
    `_${ID}`,
    'q_123',
    `q_${ID}x`,
    `q_${ID.slice(0, -1)}g`,
    'r_',
    'r_has space',
    'r_a.b',
    `r_${'a'.repeat(63)}`,
    `q_${ID}/../admin`,
    'q_%3Cscript%3E',
    'quest_' + ID,
  ])('%o is unknown or malformed → null', (raw) => {
    expect(parseStartParam(raw)).toBeNull();
  });

  it('reads back what startParamFor writes', () => {
    for (const t of [
      { kind: 'quest', id: ID },
      { kind: 'perk', id: ID },
      { kind: 'profile', id: ID },
      { kind: 'referral', code: 'abc' },
    ] as const)
      expect(parseStartParam(startParamFor(t))).toEqual(t);
  });
});

describe('readStartParam', () => {
  const none = { initData: null, launchStartParam: null, search: '' };

  it('prefers the signed init data, then tgWebAppStartParam, then ?startapp=', () => {
    const initData = new URLSearchParams({ user: '{}', start_param: `q_${ID}`, hash: 'h' }).toString();
    expect(readStartParam({ initData, launchStartParam: 'p_x', search: '?startapp=u_y' })).toBe(`q_${ID}`);
    expect(
      readStartParam({ ...none, initData: 'user=%7B%7D&hash=h', launchStartParam: 'p_x', search: '?startapp=u_y' }),
    ).toBe('p_x');
    expect(readStartParam({ ...none, search: '?a=1&startapp=u_y' })).toBe('u_y');
    expect(readStartParam(none)).toBeNull();
    expect(readStartParam({ ...none, search: '?startapp=' })).toBeNull();
  });
});

describe('launchKey and startTargetPath', () => {
  it('a launch is known by its init data signature', () => {
    expect(launchKey('user=%7B%7D&auth_date=1&hash=abc')).toBe('abc');
    expect(launchKey(null)).toBeNull();
    expect(launchKey('user=%7B%7D')).toBeNull();
  });

  it('opens the quest, perk and profile screens, and Home for a referral', () => {
    expect(startTargetPath({ kind: 'quest', id: ID })).toBe(`/quest/${ID}`);
    expect(startTargetPath({ kind: 'perk', id: ID })).toBe(`/perk/${ID}`);
    expect(startTargetPath({ kind: 'profile', id: ID })).toBe(`/profile/${ID}`);
    expect(startTargetPath({ kind: 'referral', code: 'abc' })).toBe('/home');
  });
});
