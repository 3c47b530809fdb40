import { describe, expect, it } from 'vitest';
import { notificationTarget, notificationTypeLabel } from './notifications';

describe('notificationTarget', () => {
  it('opens http(s) links outside and in-app paths inside the app', () => {
    expect(notificationTarget('https://example.com/a?b=1')).toEqual({
      kind: 'external',
      href: 'https://example.com/a?b=1',
    });
    expect(notificationTarget('http://example.com')).toEqual({ kind: 'external', href: 'http://example.com' });
    expect(notificationTarget('/quest/abc')).toEqual({ kind: 'internal', to: '/quest/abc' });
    expect(notificationTarget(' /wallet ')).toEqual({ kind: 'internal', to: '/wallet' });
  });

  it('follows nothing else', () => {
    for (const bad of [
      null,
      undefined,
      '',
      '   ',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'data:text/html,hi',
      'ftp://example.com',
      'quest/1',
      '/a b',
    ])
      expect(notificationTarget(bad), String(bad)).toBeNull();
  });
});

describe('notificationTypeLabel', () => {
  it('names every type readably', () => {
    expect(notificationTypeLabel('task_update')).toBe('Quest update');
    expect(notificationTypeLabel('transaction')).toBe('Transaction');
    expect(notificationTypeLabel('something_new')).toBe('something new');
  });
});
