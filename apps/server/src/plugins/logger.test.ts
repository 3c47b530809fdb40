import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';

/** Every line the app logs, as written. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('log lines never carry secrets (issue 12, item 11)', () => {
  it('a database error on a query that binds a password hash logs neither the hash nor the password', async () => {
    // A real database error on the insert that binds the new member's argon2 hash.
    await t.db.execute(
      sql.raw(`create function refuse_users() returns trigger language plpgsql as $$
        begin raise exception 'users are read-only in this test'; end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger refuse_users before insert on users for each row execute function refuse_users()'),
    );
    const password = 'Secret-Passw0rd-In-Log';
    t.expectServerErrors('500 POST /api/v1/bot/register/', /request failed.*users are read-only in this test/);
    const before = lines.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bot/register/',
      payload: { username: 'log_probe', email: 'log-probe@example.com', password, first_name: 'Log' },
    });
    await t.db.execute(sql.raw('drop trigger refuse_users on users'));
    expect(res.statusCode).toBe(500);
    const written = lines.slice(before).join('');
    // The failure is logged (with its query and message), just not the values bound to it.
    expect(written).toContain('request failed');
    expect(written).toContain('users are read-only in this test');
    expect(written).not.toContain('$argon2');
    expect(written).not.toContain(password);
    expect(written).not.toContain('log-probe@example.com');
  });

  it('request lines name the method, path and status, without a private-media signature', async () => {
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/v1/club/no-such-thing/?exp=1&sig=secret-signature' });
    const parsed = lines.slice(before).map((l) => JSON.parse(l) as Record<string, { [k: string]: unknown }>);
    const incoming = parsed.find((l) => l.msg === ('incoming request' as never));
    const completed = parsed.find((l) => l.msg === ('request completed' as never));
    expect(incoming?.req).toMatchObject({
      method: 'GET',
      url: '/api/v1/club/no-such-thing/?exp=1&sig=[Redacted]',
    });
    expect(completed?.res).toEqual({ statusCode: 404 });
    expect(lines.slice(before).join('')).not.toContain('secret-signature');
  });

  it('authorization headers, tokens and passwords in logged objects are redacted at any depth', async () => {
    const member = await createMember(t);
    const before = lines.length;
    t.app.log.warn(
      {
        req: { headers: { authorization: member.auth.authorization, cookie: 'sid=abc123cookie' } },
        context: { nested: { refresh: 'refresh-token-value', password: 'pw-value', otp: '123456' } },
        err: Object.assign(new Error(`failed with ${member.auth.authorization}`), {
          params: ['$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', 'x'],
          cause: { initData: 'query_id=1&hash=abc' },
        }),
      },
      `token ${member.token} and hash $argon2id$v=19$m=65536$abc`,
    );
    const written = lines.slice(before).join('');
    expect(written).toContain('[Redacted]');
    for (const secret of [
      member.token,
      'abc123cookie',
      'refresh-token-value',
      'pw-value',
      '123456',
      '$argon2',
      'hash=abc',
    ])
      expect(written, secret).not.toContain(secret);
  });
});
