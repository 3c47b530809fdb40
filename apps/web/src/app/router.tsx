import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { href, paths } from '@/config/paths';
import { IMAGE_SIZES, preloadMediaImage } from '@/lib/media-srcset';
import { queryClient } from '@/lib/query-client';
import { appConfigQueryOptions } from '@/lib/queries/app-config';
import { currentUserQueryOptions } from '@/lib/queries/current-user';
import { myProfileQueryOptions } from '@/lib/queries/my-profile';
import { userSettingsQueryOptions } from '@/lib/queries/user-settings';
import { HomeShell } from '@/features/home/components/home-shell';
import { questQueryOptions } from '@/features/quests/api/get-quest';
import { AppLayout } from './layout/app-layout';
import { RedirectWithParams } from './layout/redirect-with-params';
import { RequireAuth } from './layout/require-auth';

/**
 * Home is a lazy chunk too, so the signed-out landing and deep links never download it; a signed-in launch on
 * Home starts loading it before the first render (`preloadRoute`, main.tsx), in parallel with the entry's work.
 */
const loadHomePage = () => import('@/features/home/pages/home-page');
const LazyHomePage = lazy(loadHomePage);
/**
 * While Home's chunk loads, its header and welcome card (home-shell.tsx) are already on screen, and Home's data is
 * asked for as soon as the chunk is in: the requests do not wait for the page's first commit, and the page often
 * renders with its data at once. Not before the shell is painted: requests sent before the first paint would count
 * as something the first paint waited for (Lighthouse's LCP estimate), though it does not (docs/performance.md,
 * Web).
 */
function HomeFallback() {
  const qc = useQueryClient();
  useEffect(() => {
    void loadHomePage().then(
      (m) => m.prefetchHomeData(qc),
      () => {},
    );
  }, [qc]);
  return <HomeShell />;
}
const HomePage = () => (
  <Suspense fallback={<HomeFallback />}>
    <LazyHomePage />
  </Suspense>
);

const loadQuestPage = () => import('@/features/quests/pages/quest-page');
const QuestPage = lazy(loadQuestPage);

/**
 * Starts what the launch screen needs before the first render, in parallel with the entry's work: Home's chunk
 * for a signed-in member on `/` or `/home`; on a quest's page its chunk and the quest itself, so the page (its
 * cover is its LCP) does not wait for its chunk before asking for the quest, and the cover as soon as the quest is
 * in (docs/performance.md, Web).
 */
export function preloadRoute(pathname: string, signedIn: boolean) {
  if (!signedIn) return;
  if (pathname === paths.root || pathname === paths.home) void loadHomePage();
  const id = matchPath(paths.quest, pathname)?.params.id;
  if (id) {
    void loadQuestPage();
    const quest = questQueryOptions(id);
    // The cover (the page's LCP) starts loading as soon as its address is known, not once the page has rendered.
    void queryClient
      .prefetchQuery(quest)
      .then(() => preloadMediaImage(queryClient.getQueryData(quest.queryKey)?.media, IMAGE_SIZES.detailCover));
    // What the signed-in shell (layout, navigation, theme) asks for, right after the quest rather than after the
    // first commit: its answers then arrive before the page renders, not while React renders it in slices (an
    // answer read by the page arriving mid-render makes React render the whole page again, in one long task). The
    // cover waits for an answer anyway, so this costs the page's first paint nothing.
    void queryClient.prefetchQuery(currentUserQueryOptions());
    void queryClient.prefetchQuery(appConfigQueryOptions());
    void queryClient.prefetchQuery(myProfileQueryOptions());
    void queryClient.prefetchQuery(userSettingsQueryOptions());
  }
}

// Every other screen loads lazily.
const SplashPage = lazy(() => import('@/features/auth/pages/splash-page'));
const OnboardingPage = lazy(() => import('@/features/auth/pages/onboarding-page'));
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register-page'));
const VerifyPage = lazy(() => import('@/features/auth/pages/verify-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/forgot-password-page'));
const TelegramAuthPage = lazy(() => import('@/features/auth/pages/telegram-auth-page'));
const TermsPage = lazy(() => import('@/features/legal/pages/terms-page'));
const PrivacyPage = lazy(() => import('@/features/legal/pages/privacy-page'));
const NotFoundPage = lazy(() => import('@/components/not-found-page'));
const ReviewPage = lazy(() => import('@/features/quests/pages/review-page'));
const CreatePage = lazy(() => import('@/features/create/pages/create-page'));
const ExplorePage = lazy(() => import('@/features/explore/pages/explore-page'));

const PerkPage = lazy(() => import('@/features/perks/pages/perk-page'));
const ManagePerksPage = lazy(() => import('@/features/perks/pages/manage-perks-page'));
const EditPerkPage = lazy(() => import('@/features/perks/pages/edit-perk-page'));
const EditQuestPage = lazy(() => import('@/features/quests/pages/edit-quest-page'));
const QuestAnalyticsPage = lazy(() => import('@/features/analytics/pages/quest-analytics-page'));
const PerkAnalyticsPage = lazy(() => import('@/features/analytics/pages/perk-analytics-page'));
const ProfilePage = lazy(() => import('@/features/profile/pages/profile-page'));
const WalletPage = lazy(() => import('@/features/wallet/pages/wallet-page'));
const MessagesPage = lazy(() => import('@/features/messages/pages/messages-page'));
const NotificationsPage = lazy(() => import('@/features/notifications/pages/notifications-page'));
const LeaderboardPage = lazy(() => import('@/features/leaderboard/pages/leaderboard-page'));
const InvitePage = lazy(() => import('@/features/referrals/pages/invite-page'));
// The operator console and its screens stay out of the initial bundle (members never load them).
const StaffPage = lazy(() => import('@/features/staff/pages/staff-page'));

/** The route table of docs/spec/01-signin-home-create.md §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {/* public */}
        <Route path={paths.splash} element={<SplashPage />} />
        <Route path={paths.onboarding} element={<OnboardingPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.register} element={<RegisterPage />} />
        <Route path={paths.verify} element={<VerifyPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.telegramAuth} element={<TelegramAuthPage />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        {/* Explore shows its own sign-in prompt to signed-out visitors (docs/spec/02-explore-details-wallet-social.md §2) */}
        <Route path={paths.explore} element={<ExplorePage />} />

        {/* links the spec uses but does not route */}
        <Route path={paths.legacyQuest} element={<RedirectWithParams to={(p) => href.quest(p.id ?? '')} />} />
        <Route path={paths.legacyPerk} element={<RedirectWithParams to={(p) => href.perk(p.id ?? '')} />} />
        <Route path={paths.legacyChat} element={<RedirectWithParams to={(p) => href.messagesWith(p.userId ?? '')} />} />

        {/* protected */}
        <Route element={<RequireAuth />}>
          <Route index element={<HomePage />} />
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.quest} element={<QuestPage />} />
          <Route path={paths.perk} element={<PerkPage />} />
          <Route path={paths.create} element={<CreatePage />} />
          <Route path={paths.review} element={<ReviewPage />} />
          <Route path={paths.managePerks} element={<ManagePerksPage />} />
          <Route path={paths.editPerk} element={<EditPerkPage />} />
          <Route path={paths.editQuest} element={<EditQuestPage />} />
          <Route path={paths.questAnalytics} element={<QuestAnalyticsPage />} />
          <Route path={paths.perkAnalytics} element={<PerkAnalyticsPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.profileOf} element={<ProfilePage />} />
          <Route path={paths.wallet} element={<WalletPage />} />
          <Route path={paths.messages} element={<MessagesPage />} />
          <Route path={paths.notifications} element={<NotificationsPage />} />
          <Route path={paths.leaderboard} element={<LeaderboardPage />} />
          <Route path={paths.invite} element={<InvitePage />} />
          <Route path={paths.staffAll} element={<StaffPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
