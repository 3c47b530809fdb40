import type { AppInstance, ModuleOptions } from '../app-types.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';
import { questsRoutes } from './quests/quests.routes.ts';
import { perksRoutes } from './perks/perks.routes.ts';
import { exploreRoutes } from './explore/explore.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { liveRoutes } from './live/live.routes.ts';

/** Everything under /api/v1/club/, one module per domain. */
export async function clubRoutes(app: AppInstance, { deps }: ModuleOptions) {
  // Pass only `deps`: handing on the whole options object would repeat this plugin's prefix.
  const opts = { deps };
  await app.register(profilesRoutes, opts);
  await app.register(walletRoutes, opts);
  await app.register(settingsRoutes, opts);
  await app.register(notificationsRoutes, opts);
  await app.register(homeRoutes, opts);
  await app.register(tagsRoutes, opts);
  await app.register(questsRoutes, opts);
  await app.register(perksRoutes, opts);
  await app.register(exploreRoutes, opts);
  await app.register(messagesRoutes, opts);
  await app.register(liveRoutes, opts);
}
