import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { runSeasons } from './season-payout.service.ts';

export const SEASONS_SCAN = 'seasons-scan';

/**
 * Funds seasons as they start and pays them when they end (issue #16 item 11): a pg-boss cron once a minute,
 * on one instance. Exactly-once does not rest on that: each season moves on in a transaction on its locked row.
 */
export async function seasonsJob(app: AppInstance, { deps }: ModuleOptions) {
  const { jobs, database } = deps;
  await jobs.createQueue(SEASONS_SCAN, { policy: 'singleton', retryLimit: 3, retryDelay: 10 });
  await jobs.work(SEASONS_SCAN, async () => {
    for (const step of await runSeasons(database.db, deps.now()))
      app.log.info({ season: step.seasonId, funded: step.funded, winners: step.paid.length }, 'season advanced');
  });
  await jobs.schedule(SEASONS_SCAN, '* * * * *');
}
