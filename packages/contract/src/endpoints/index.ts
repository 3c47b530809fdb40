import type { TaggedEndpoint } from '../endpoint.ts';
import { authEndpoints } from './auth.endpoints.ts';
import { profilesEndpoints } from './profiles.endpoints.ts';
import { walletEndpoints } from './wallet.endpoints.ts';
import { settingsEndpoints } from './settings.endpoints.ts';
import { notificationsEndpoints } from './notifications.endpoints.ts';
import { homeEndpoints } from './home.endpoints.ts';
import { tagsEndpoints } from './tags.endpoints.ts';
import { mediaEndpoints } from './media.endpoints.ts';
import { questsEndpoints } from './quests.endpoints.ts';
import { perksEndpoints } from './perks.endpoints.ts';
import { exploreEndpoints } from './explore.endpoints.ts';
import { messagesEndpoints } from './messages.endpoints.ts';
import { liveEndpoints } from './live.endpoints.ts';
import { shareEndpoints } from './share.endpoints.ts';
import { botEndpoints } from './bot.endpoints.ts';
import { staffContentEndpoints } from './staff-content.endpoints.ts';
import { staffModerationEndpoints } from './staff-moderation.endpoints.ts';
import { staffOpsEndpoints } from './staff-ops.endpoints.ts';
import { creatorEndpoints } from './creator.endpoints.ts';
import { referralsEndpoints } from './referrals.endpoints.ts';
import { streaksEndpoints } from './streaks.endpoints.ts';
import { seasonsEndpoints } from './seasons.endpoints.ts';
import { leaderboardEndpoints } from './leaderboard.endpoints.ts';

/**
 * Every API endpoint, by name. The server registers its routes from these (a test checks that each is served
 * and nothing else is); `npm run gen:routes` writes the zod-free `routes.gen.ts` the web app calls them by.
 */
export const endpoints = {
  ...authEndpoints,
  ...profilesEndpoints,
  ...walletEndpoints,
  ...settingsEndpoints,
  ...notificationsEndpoints,
  ...homeEndpoints,
  ...tagsEndpoints,
  ...mediaEndpoints,
  ...questsEndpoints,
  ...perksEndpoints,
  ...exploreEndpoints,
  ...messagesEndpoints,
  ...liveEndpoints,
  ...shareEndpoints,
  ...botEndpoints,
  ...staffContentEndpoints,
  ...staffModerationEndpoints,
  ...staffOpsEndpoints,
  ...creatorEndpoints,
  ...referralsEndpoints,
  ...streaksEndpoints,
  ...seasonsEndpoints,
  ...leaderboardEndpoints,
} satisfies Record<string, TaggedEndpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
