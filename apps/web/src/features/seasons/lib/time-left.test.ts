import { describe, expect, it } from 'vitest';
import { startsIn, timeLeft } from './time-left';

describe('timeLeft', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it('says days, hours or minutes left', () => {
    expect(timeLeft('2026-05-13T12:30:00Z', now)).toBe('3 days left');
    expect(timeLeft('2026-05-11T11:00:00Z', now)).toBe('23 hours left');
    expect(timeLeft('2026-05-10T12:01:30Z', now)).toBe('1 minute left');
    expect(timeLeft('2026-05-10T12:00:30Z', now)).toBe('Ending now');
    expect(startsIn('2026-05-12T12:00:00Z', now)).toBe('Starts in 2 days');
  });
});
