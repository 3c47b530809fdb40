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
  editPerk: '/edit-perk/:id',
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
  messagesWith: (userId: string) => `/messages?user=${enc(userId)}`,
  exploreSearch: () => '/explore?focus=search',
  browseQuests: () => '/explore?tab=tasks',
  exploreTab: (tab: 'tasks' | 'perks' | 'users') => `/explore?tab=${tab}`,
  verify: (identifier?: string) => (identifier ? `/verify?identifier=${enc(identifier)}` : '/verify'),
} as const;

/** Paths relative to the API base `/api/v1/`. */
export const apiPaths = {
  config: 'bot/config/',
  register: 'bot/register/',
  otpVerify: 'bot/otp-verify/',
  otpResend: 'bot/otp-resend/',
  passwordReset: 'bot/password-reset/',
  passwordResetConfirm: 'bot/password-reset/confirm/',
  login: 'bot/login/',
  telegramAuth: 'bot/telegram-webapp-auth/',
  tokenRefresh: 'bot/token/refresh/',
  logout: 'bot/logout/',
  currentUser: 'bot/current-user/',
  updateUser: 'bot/update-user/',
  updateUserConfirm: 'bot/update-user/confirm/',
  myProfile: 'club/profiles/me/',
  profile: (id: string) => `club/profiles/${enc(id)}/`,
  profileFollow: (id: string) => `club/profiles/${enc(id)}/follow/`,
  profileUnfollow: (id: string) => `club/profiles/${enc(id)}/unfollow/`,
  myWallet: 'club/wallets/my_wallet/',
  userSettings: 'club/user-settings/',
  updateUserSettings: 'club/user/settings/',
  notifications: 'club/notifications/',
  notificationMarkRead: (id: string) => `club/notifications/${enc(id)}/mark-read/`,
  notificationsMarkAllRead: 'club/notifications/mark-all-read/',
  homepage: 'club/homepage/complete/',
  tags: 'club/tags/',
  mediaUpload: 'club/media/upload/',
  validateChannel: 'club/telegram/validate-channel/',
  verifyMembership: 'club/telegram/verify-membership/',
  quests: 'club/tasks/',
  quest: (id: string) => `club/tasks/${enc(id)}/`,
  questParticipate: (id: string) => `club/tasks/${enc(id)}/participate/`,
  questSubmitProof: (id: string) => `club/tasks/${enc(id)}/submit_proof/`,
  questVerifyCompletion: (id: string) => `club/tasks/${enc(id)}/verify_completion/`,
  questLike: (id: string) => `club/tasks/${enc(id)}/like/`,
  questShare: (id: string) => `club/tasks/${enc(id)}/share/`,
  questCompletions: 'club/task-completions/',
  questCompletionsToReview: 'club/task-completions/to_review/',
  questCompletionApprove: (id: string) => `club/task-completions/${enc(id)}/approve/`,
  questCompletionReject: (id: string) => `club/task-completions/${enc(id)}/reject/`,
  questCompletionsApproveAll: 'club/task-completions/approve_all/',
  // perk creation and management
  perksCreate: 'club/perks/',
  myPerks: 'club/perks/my_perks/',
  perkManage: (id: string) => `club/perks/${enc(id)}/`,
  perkEditDetails: (id: string) => `club/perks/${enc(id)}/details/`,
  // perk detail and wallet screens
  perkDetails: (id: string) => `club/perks/${enc(id)}/details/`,
  perkRedeem: (id: string) => `club/perks/${enc(id)}/redeem/`,
  perkContent: (id: string) => `club/perks/${enc(id)}/content/`,
  walletTransactions: (id: string) => `club/wallets/${enc(id)}/transactions/`,
  exploreComplete: 'club/explore/complete/',
  exploreSearch: 'club/explore/search/',
  walletTransfer: (id: string) => `club/wallets/${enc(id)}/transfer/`,
  // messages and the live stream
  messages: 'club/messages/',
  messageChats: 'club/messages/chats/',
  messageReply: (id: string) => `club/messages/${enc(id)}/reply/`,
  messagesMarkChatRead: 'club/messages/mark_chat_as_read/',
  live: 'club/live/',
} as const;

export const API_BASE = '/api/v1/';

/** Calls that never trigger the 401 → refresh → retry dance (docs/spec/01-signin-home-create.md §8). */
export const NO_REFRESH_PATHS: readonly string[] = [
  apiPaths.login,
  apiPaths.register,
  apiPaths.otpVerify,
  apiPaths.otpResend,
  apiPaths.telegramAuth,
  apiPaths.tokenRefresh,
];
