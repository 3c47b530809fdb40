/** Every route path and API path of the web app, in one place. */

export const paths = {
  root: '/',
  home: '/home',
  splash: '/splash',
  onboarding: '/onboarding',
  login: '/login',
  register: '/register',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  telegramAuth: '/telegram-auth',
  explore: '/explore',
  quest: '/quest/:id',
  perk: '/perk/:id',
  create: '/create',
  review: '/review',
  managePerks: '/manage-perks',
  profile: '/profile',
  profileOf: '/profile/:id',
  wallet: '/wallet',
  messages: '/messages',
  notifications: '/notifications',
  leaderboard: '/leaderboard',
  /** The member's invitation link and the members they invited (issue #16 items 8–10). */
  invite: '/invite',
  editPerk: '/edit-perk/:id',
  editQuest: '/edit-quest/:id',
  // creator analytics (the creator and staff; the server refuses everyone else)
  questAnalytics: '/quest/:id/analytics',
  perkAnalytics: '/perk/:id/analytics',
  // the operator console (staff only; the server refuses everyone else on every staff call)
  staff: '/staff',
  staffAll: '/staff/*',
  terms: '/terms',
  privacy: '/privacy',
  // links the spec mentions but does not route: redirected
  legacyQuest: '/quests/:id',
  legacyPerk: '/perks/:id',
  legacyChat: '/chat/:userId',
} as const;

const enc = encodeURIComponent;

/** Builders for links with parameters. */
export const href = {
  quest: (id: string) => `/quest/${enc(id)}`,
  perk: (id: string) => `/perk/${enc(id)}`,
  profile: (id: string) => `/profile/${enc(id)}`,
  editPerk: (id: string) => `/edit-perk/${enc(id)}`,
  editQuest: (id: string) => `/edit-quest/${enc(id)}`,
  questAnalytics: (id: string) => `/quest/${enc(id)}/analytics`,
  perkAnalytics: (id: string) => `/perk/${enc(id)}/analytics`,
  /** A club's own board: members ranked by XP earned on that creator's quests. */
  clubBoard: (creatorId: string) => `/leaderboard?creator=${enc(creatorId)}`,
  /** The create wizard filled in with a copy of the creator's quest or perk (nothing is stored until published). */
  duplicate: (kind: 'quest' | 'perk', id: string) => `/create?duplicate=${kind}:${enc(id)}`,
  messagesWith: (userId: string) => `/messages?user=${enc(userId)}`,
  exploreSearch: () => '/explore?focus=search',
  browseQuests: () => '/explore?tab=tasks',
  exploreTab: (tab: 'tasks' | 'perks' | 'users') => `/explore?tab=${tab}`,
  /** A console screen: `staff('banners')` → /staff/banners; no argument: the dashboard. */
  staff: (screen?: string) => (screen ? `/staff/${screen}` : '/staff'),
  verify: (identifier?: string) => (identifier ? `/verify?identifier=${enc(identifier)}` : '/verify'),
} as const;

// API paths are not kept here: each endpoint is declared once in the contract and called by its route
// (`routes` from '@wyn/contract', packages/contract/src/endpoints/).
export const API_BASE = '/api/v1/';
