import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { DurableConsumer } from '../../events/event-bus.ts';
import { qualifyReferralTx } from './referrals.service.ts';

/**
 * Qualifies a referral when its newcomer's quest completion is approved (issue #16 item 9). Runs once per event
 * in its own transaction; the referral row's lock and its pending → qualified change make two approvals at once
 * (or a retried event) pay once.
 */
export const referralsConsumer = (deps: { config: Pick<Config, 'referrals'> }): DurableConsumer => ({
  name: 'referrals',
  wants: (event) => event.type === 'completion.approved',
  async handle(tx, event) {
    if (event.type !== 'completion.approved') return;
    // Durable consumers always run inside the event bus's transaction (event-bus.ts runConsumer).
    await qualifyReferralTx(tx as Tx, deps.config, event.payload.userId);
  },
});
