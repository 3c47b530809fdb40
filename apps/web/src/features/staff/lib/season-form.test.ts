import { describe, expect, it } from 'vitest';
import { SEASON_MSG } from '@wyn/contract';
import { parseSplit } from './season-form';

describe('parseSplit', () => {
  it('reads whole percents, first place first', () => {
    expect(parseSplit('50, 30, 20')).toEqual([50, 30, 20]);
    expect(parseSplit('60% 40%')).toEqual([60, 40]);
    expect(parseSplit('  ')).toEqual([]);
  });
  it('refuses fractions, zero, too many places and more than 100%', () => {
    expect(parseSplit('50, 2.5')).toBe(SEASON_MSG.splitPlace);
    expect(parseSplit('0')).toBe(SEASON_MSG.splitPlace);
    expect(parseSplit('1,1,1,1,1,1,1,1,1,1,1')).toBe(SEASON_MSG.splitTooLong);
    expect(parseSplit('60, 50')).toBe(SEASON_MSG.splitTooMuch);
  });
});
