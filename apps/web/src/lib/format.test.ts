import { groupDigits } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatPoints, formatRelativeTime, initialOf, isAppPath, isHttpUrl } from './format';

describe('formatPoints', () => {
  it('shows whole W, truncated', () => {
    expect(formatPoints('125.00')).toBe('125 W');
    expect(formatPoints('125.99')).toBe('125 W');
    expect(formatPoints('0.50')).toBe('0 W');
    expect(formatPoints(1234567.89)).toBe('1,234,567 W');
    expect(formatPoints('-3.75')).toBe('-3 W');
  });
  it('treats missing or malformed values as 0', () => {
    expect(formatPoints(null)).toBe('0 W');
    expect(formatPoints(undefined)).toBe('0 W');
    expect(formatPoints('abc')).toBe('0 W');
  });
});

describe('groupDigits', () => {
  it('writes what toLocaleString("en-US") writes, without a number format', () => {
    const numbers = [
      0,
      -0,
      7,
      -7,
      999,
      1000,
      -1000,
      12345,
      999999,
      1000000,
      -987654321,
      Number.MAX_SAFE_INTEGER,
      1e21,
      2.5,
    ];
    for (let digits = 1; digits <= 16; digits++)
      numbers.push(Math.trunc(10 ** digits * 0.7315), -Math.trunc(10 ** digits * 0.4429));
    for (const n of numbers) expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatBadgeCount', () => {
  it('caps at 9+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-03-10T12:00:00Z');
  it('formats past and future', () => {
    expect(formatRelativeTime('2025-03-10T11:59:50Z', now)).toBe('just now');
    expect(formatRelativeTime('2025-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2025-03-12T12:00:00Z', now)).toBe('in 2 days');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('link and name helpers', () => {
  it('isHttpUrl accepts only http(s)', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/explore')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
  });
  it('isAppPath accepts same-origin paths only', () => {
    expect(isAppPath('/explore')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('https://x.y')).toBe(false);
  });
  it('initialOf', () => {
    expect(initialOf(' alex')).toBe('A');
    expect(initialOf('')).toBe('?');
  });
});
