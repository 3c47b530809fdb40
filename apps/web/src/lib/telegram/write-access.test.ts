import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, recordRequests } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { installFakeTelegram, type FakeTelegram } from '@/testing/telegram';
import { resetTelegramForTests } from './webapp';
import { askForBotMessagesOnce } from './write-access';

let tg: FakeTelegram | null = null;
beforeEach(() => {
  resetTelegramForTests();
  localStorage.clear();
  server.use(api.on(routes.telegramWriteAccess, () => HttpResponse.json({ bot_messages: true })));
});
afterEach(() => {
  tg?.uninstall();
  tg = null;
});

const granted = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'POST' && r.path.includes('telegram/write-access')).length;

describe('asking for bot messages after the first join', () => {
  it('asks Telegram once and tells the server when the member allows it', async () => {
    tg = installFakeTelegram({ version: '7.0' });
    const requests = recordRequests();
    await askForBotMessagesOnce();
    await askForBotMessagesOnce();
    expect(tg.callsOf('requestWriteAccess')).toHaveLength(1);
    expect(granted(requests)).toBe(1);
  });

  it('tells the server nothing when the member declines', async () => {
    tg = installFakeTelegram({ version: '7.0', grantWriteAccess: false });
    const requests = recordRequests();
    await askForBotMessagesOnce();
    expect(tg.callsOf('requestWriteAccess')).toHaveLength(1);
    expect(granted(requests)).toBe(0);
  });

  it('does not ask on a client older than 6.9, nor outside Telegram', async () => {
    tg = installFakeTelegram({ version: '6.4' });
    await askForBotMessagesOnce();
    expect(tg.callsOf('requestWriteAccess')).toHaveLength(0);
    tg.uninstall();
    tg = null;
    localStorage.clear();
    await expect(askForBotMessagesOnce()).resolves.toBeUndefined();
  });
});
