import { MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { buildTelegramOAuthUrl, parseTelegramLoginResult, stripTelegramLoginParams } from './telegram-login';

const HASH = 'a'.repeat(64);
const user = {
  id: 123456,
  first_name: 'Ana',
  last_name: 'Ng',
  username: 'ana',
  photo_url: 'https://t.me/i/ana.jpg',
  auth_date: 1741600000,
  hash: HASH,
};

function b64(obj: unknown, url = false) {
  const s = btoa(unescape(encodeURIComponent(JSON.stringify(obj))));
  return url ? s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : s;
}

describe('buildTelegramOAuthUrl', () => {
  it('passes the bot id, origin, return address and write access', () => {
    const url = new URL(
      buildTelegramOAuthUrl({ botId: 777, origin: 'https://wyn.example', returnTo: 'https://wyn.example/login' }),
    );
    expect(url.origin + url.pathname).toBe('https://oauth.telegram.org/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bot_id: '777',
      origin: 'https://wyn.example',
      return_to: 'https://wyn.example/login',
      request_access: 'write',
    });
  });
});

describe('parseTelegramLoginResult', () => {
  it('reads #tgAuthResult (base64 JSON, with or without padding, unicode names)', () => {
    expect(parseTelegramLoginResult(`#tgAuthResult=${b64(user)}`, '')).toEqual({ ok: true, data: user });
    const uni = { ...user, first_name: 'Zoë 🚀' };
    expect(parseTelegramLoginResult(`#tgAuthResult=${b64(uni, true)}`, '')).toEqual({ ok: true, data: uni });
  });

  it('reads the query parameters', () => {
    const qs = `?id=123456&first_name=Ana&username=ana&auth_date=1741600000&hash=${HASH}&other=1`;
    expect(parseTelegramLoginResult('', qs)).toEqual({
      ok: true,
      data: { id: '123456', first_name: 'Ana', username: 'ana', auth_date: 1741600000, hash: HASH },
    });
  });

  it('requires an id', () => {
    const { id: _omit, ...noId } = user;
    void _omit;
    expect(parseTelegramLoginResult(`#tgAuthResult=${b64(noId)}`, '')).toEqual({
      ok: false,
      error: MSG.invalidTelegramData,
    });
    expect(parseTelegramLoginResult('', `?hash=${HASH}&auth_date=1`)).toEqual({
      ok: false,
      error: MSG.invalidTelegramData,
    });
  });

  it('reports undecodable data', () => {
    expect(parseTelegramLoginResult('#tgAuthResult=%%%notbase64', '')).toEqual({
      ok: false,
      error: MSG.authDataProcessingFailed,
    });
    expect(parseTelegramLoginResult(`#tgAuthResult=${b64(false)}`, '')).toEqual({
      ok: false,
      error: MSG.telegramAuthFailed,
    });
  });

  it('returns null when there is no login result', () => {
    expect(parseTelegramLoginResult('', '')).toBeNull();
    expect(parseTelegramLoginResult('#section', '?tab=1')).toBeNull();
  });

  it('stripTelegramLoginParams keeps other parameters', () => {
    expect(stripTelegramLoginParams(`?id=1&hash=${HASH}&auth_date=2&next=x`)).toBe('?next=x');
    expect(stripTelegramLoginParams(`?id=1&hash=${HASH}`)).toBe('');
  });
});
