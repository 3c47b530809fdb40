import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { homeContentChanged } from '../home/homepage-cache.ts';
import { expireDueQuests } from './quests.service.ts';

/**
 * Background job: quests past their deadline stop being joinable and return unused escrow, checked every
 * minute. Safe with several instances (each quest is locked and re-checked in expireDueQuests).
 */
export async function questExpiryJob(app: AppInstance, { deps }: ModuleOptions) {
  const timer = setInterval(() => {
    expireDueQuests(deps.database.db, deps.now())
      .then((n) => {
        if (n) homeContentChanged();
      })
      .catch((err: unknown) => app.log.error({ err }, 'quest expiry failed'));
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
