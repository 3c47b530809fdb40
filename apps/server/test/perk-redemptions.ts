import { expect } from 'vitest';
import type { KeyRecord } from '../src/lib/idempotency.ts';
import { createPrivateMediaLinks } from '../src/lib/private-media-links.ts';
import { clubRequests } from './club-requests.ts';
import type { TestApp } from './create-test-app.ts';

type Caller = { user: { id: string }; auth: { authorization: string } };

/**
 * What the tests of a redemption's service functions (`perkRedemption`) share: a perk at an odd price (10.05 W,
 * so amounts with hundredths are checked), the options a redemption runs with, and a key's record. Takes a getter
 * because suites create their app in `beforeAll`.
 */
export function perkRedemptionFixture(app: () => TestApp) {
  const { post } = clubRequests(() => app().app);
  return {
    /** A discount-code perk of `creator`'s costing 10.05 W, with `extra` fields; its id. */
    createPerk: async (creator: Caller, extra: Record<string, unknown> = {}) => {
      const res = await post(creator, '/perks/', {
        title: 'Odd-priced perk',
        description: 'Costs a number of points with hundredths.',
        cost_amount: '10.05',
        perk_type: 'discount_code',
        discount_code: 'ODD',
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    /** The options of a redemption: now, no Telegram chat to invite to. */
    opts: () => ({
      now: new Date(),
      links: createPrivateMediaLinks(app().config.jwtSecret, () => new Date()),
      invites: { createChatInviteLink: () => Promise.reject(new Error('no chat here')) },
      productName: 'Wyn',
      log: { warn: () => {} },
    }),
    /** The record of `m`'s key `key` for redeeming `perkId`. */
    record: (m: Caller, perkId: string, key: string): KeyRecord => ({
      userId: m.user.id,
      key,
      method: 'POST',
      path: `/api/v1/club/perks/${perkId}/redeem/`,
      hash: 'test',
    }),
  };
}
