import type { DurableConsumer } from '../../events/event-bus.ts';
import { awardQuestXp } from './quest-xp.service.ts';

/** Quest XP after an approval commits (quest-xp.service.ts); the consumer itself runs once per event. */
export const questXpConsumer: DurableConsumer = {
  name: 'xp-quest',
  wants: (event) => event.type === 'completion.approved',
  async handle(tx, event) {
    if (event.type === 'completion.approved') await awardQuestXp(tx, event.payload.completionId);
  },
};
