import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { getReferrals } from './referrals.service.ts';

/** GET club/referrals/: the member's invitation code, links and invitees (issue #16 item 10). */
export async function referralsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  contractRoute(app, endpoints.referrals, async (request) =>
    getReferrals(deps.database.db, { config: deps.config, now: deps.now() }, request.auth.userId),
  );
}
