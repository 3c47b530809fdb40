import type { AppInstance, ModuleOptions } from '../app-types.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';
import { questsRoutes } from './quests/quests.routes.ts';
import { perksRoutes } from './perks/perks.routes.ts';
import { questCreatorToolsRoutes } from './quests/quest-creator-tools.routes.ts';
import { perkCreatorToolsRoutes } from './perks/perk-creator-tools.routes.ts';
import { exploreRoutes } from './explore/explore.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { shareRoutes } from './share/share.routes.ts';
import { botRoutes } from './bot/bot.routes.ts';
import { staffContentRoutes } from './staff/staff-content.routes.ts';
import { staffModerationRoutes } from './staff/staff-moderation.routes.ts';
import { staffOpsRoutes } from './staff/staff-ops.routes.ts';
import { creatorRoutes } from './creator/creator.routes.ts';
import { seasonsRoutes } from './engagement/seasons.routes.ts';
import { referralsRoutes } from './engagement/referrals.routes.ts';
import { streakRoutes } from './engagement/streak.routes.ts';
import { leaderboardRoutes } from './engagement/leaderboard.routes.ts';

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
  await app.register(questCreatorToolsRoutes, opts);
  await app.register(perkCreatorToolsRoutes, opts);
  await app.register(mediaRoutes, opts);
  await app.register(exploreRoutes, opts);
  await app.register(messagesRoutes, opts);
  await app.register(liveRoutes, opts);
  await app.register(shareRoutes, opts);
  await app.register(botRoutes, opts);
  await app.register(staffContentRoutes, opts);
  await app.register(staffModerationRoutes, opts);
  await app.register(staffOpsRoutes, opts);
  await app.register(creatorRoutes, opts);
  await app.register(seasonsRoutes, opts);
  await app.register(referralsRoutes, opts);
  await app.register(streakRoutes, opts);
  await app.register(leaderboardRoutes, opts);
}
