import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_ALLOWED_UPDATES } from './telegram-webhook.routes.ts';

/**
 * The README tells an operator which updates to ask Telegram for when setting the webhook (issue #14 item 11:
 * Telegram sends `chat_member` only when asked). That list must be the one the webhook reads.
 */
describe('the README and the webhook agree on allowed_updates', () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');

  it("the setWebhook command's allowed_updates is WEBHOOK_ALLOWED_UPDATES", () => {
    const lists = [...readme.matchAll(/allowed_updates=(\[[^\]]*\])/g)].map((m) => JSON.parse(m[1]!) as string[]);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toEqual([...WEBHOOK_ALLOWED_UPDATES]);
  });

  it('the prose names the same updates', () => {
    const prose = /the updates it reads — (.+?) \(/.exec(readme)?.[1] ?? '';
    expect([...prose.matchAll(/`(\w+)`/g)].map((m) => m[1])).toEqual([...WEBHOOK_ALLOWED_UPDATES]);
  });
});
