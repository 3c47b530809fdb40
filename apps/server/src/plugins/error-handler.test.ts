import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** docs/architecture.md, API conventions: every bad request is a 4xx {detail, code, errors?}; nothing a client sends yields a 500. */
describe('one error mapping', () => {
  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/bot/login/', payload, headers: { 'content-type': contentType } });

  it('invalid JSON → 400 with a clear detail', async () => {
    const res = await login('{"identifier": "ava", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'invalid' });
  });

  it('missing and wrong-typed fields → 400 with a field map', async () => {
    const res = await login(JSON.stringify({ identifier: 42 }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid');
    expect(typeof body.detail).toBe('string');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['identifier', 'password']));
  });

  it('a body over the limit → 413', async () => {
    const res = await login(JSON.stringify({ identifier: 'x'.repeat(2 * 1024 * 1024), password: 'y' }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'too_large' });
  });

  it('an unsupported content type → 415', async () => {
    const res = await login('identifier=ava', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('a non-UUID id in the path → 400 "Invalid ID format"', async () => {
    const me = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/club/notifications/not-a-uuid/mark-read/',
      headers: me.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Invalid ID format', code: 'invalid' });
  });

  it('garbage never produces a 500', async () => {
    const payloads = [
      'null',
      '[]',
      '"string"',
      '{"identifier":{"$ne":1},"password":[]}',
      '{"__proto__":{"x":1}}',
      '\u0000',
    ];
    for (const p of payloads) {
      const res = await login(p);
      expect(res.statusCode, p).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, p).toBeLessThan(500);
      expect(res.json()).toHaveProperty('detail');
    }
  });
});
