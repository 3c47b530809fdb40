import { MSG } from '@wyn/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useRef } from 'react';
import { paths } from '@/config/paths';
import { PerkCard } from '@/components/cards/perk-card';
import { ProfileCard } from '@/components/cards/profile-card';
import { QuestCard } from '@/components/cards/quest-card';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { GiftIcon, TargetIcon } from '@/components/icons';
import { useProductName } from '@/lib/queries/app-config';
import { useMyProfile } from '@/lib/queries/my-profile';
import { notificationSummaryQueryOptions } from '@/lib/queries/notification-summary';
import { myWalletQueryOptions, useMyWallet } from '@/lib/queries/my-wallet';
import { useCurrentUser, userDisplayName } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { currentSeasonQueryOptions, SeasonCard } from '@/features/seasons';
import { StreakCard, streakQueryOptions } from '@/features/streak';
import { homepageQueryOptions, useHomepage } from '../api/get-homepage';
import { BannerSlider } from '../components/banner-slider';
import { HomeHeader } from '../components/home-header';
import { HOME_COLUMN } from '../components/home-shell';
import { HomeSection } from '../components/home-section';
import {
  BannerSkeleton,
  PerkGridSkeleton,
  QuestListSkeleton,
  useRememberListShape,
  UserRowSkeleton,
} from '../components/home-skeletons';
import { WelcomeCard } from '../components/welcome-card';
import { selectHomeContent } from '../lib/select-sections';

/**
 * Asks for what Home shows as soon as its chunk is in, before the page renders (router.tsx, Home's fallback): the
 * requests do not wait for the page's first commit, and the page often renders with its data at once instead of
 * rendering its placeholders and then everything again (docs/performance.md, Web).
 */
export function prefetchHomeData(qc: QueryClient) {
  void qc.prefetchQuery(homepageQueryOptions());
  void qc.prefetchQuery(myWalletQueryOptions());
  void qc.prefetchQuery(streakQueryOptions());
  void qc.prefetchQuery(currentSeasonQueryOptions());
  // The bell in Home's header.
  void qc.prefetchQuery(notificationSummaryQueryOptions());
}

export function HomePage() {
  const productName = useProductName();
  useDocumentTitle(null, productName);
  const user = useCurrentUser();
  const home = useHomepage();
  const wallet = useMyWallet();
  const { data: myProfile } = useMyProfile();
  // The lists are most of Home's render. They are drawn from a deferred value, so React renders them in a
  // transition, in slices the browser can interleave with other work, with the placeholders until then
  // (docs/performance.md, Web: total blocking time). Otherwise they are one long task whenever they render in a
  // synchronous update: the data arriving (React Query's store updates are synchronous), or any store update
  // above the page while its chunk has just come in. The initial value (null) makes the first render the
  // placeholders even when the data is already there.
  const homeData = useDeferredValue(home.data, null);
  const content = selectHomeContent(homeData ?? undefined);
  const loading = homeData == null;
  const questList = useRef<HTMLUListElement>(null);
  const perkList = useRef<HTMLUListElement>(null);
  useRememberListShape('quests', questList, loading ? 0 : content.quests.length);
  useRememberListShape('perks', perkList, loading ? 0 : content.perks.length);

  const isOwn = (card: { id: string; user: string }) =>
    user !== null && (card.user === user.id || card.id === user.id || (myProfile != null && card.id === myProfile.id));

  return (
    <div className={HOME_COLUMN}>
      <HomeHeader productName={productName} />

      <WelcomeCard
        name={userDisplayName(user)}
        productName={productName}
        balance={wallet.data?.balance}
        balanceLoading={wallet.isPending && !wallet.data}
      />

      <StreakCard />

      {home.isError ? (
        <ErrorState
          actionLabel="Try again"
          onAction={() => void home.refetch()}
          className="rounded-3xl border border-border bg-card"
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 md:gap-8 lg:grid-cols-2">
            <HomeSection
              id="featured-quests"
              title="Featured Quests"
              viewAllHref={paths.explore}
              viewAllLabel="View all quests"
            >
              {loading ? (
                <QuestListSkeleton />
              ) : content.quests.length ? (
                <ul ref={questList} className="flex flex-col gap-3">
                  {content.quests.map((q) => (
                    <li key={q.id}>
                      <QuestCard quest={q} />
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState
                  testId="quests-empty"
                  icon={<TargetIcon className="size-6" />}
                  title={MSG.noQuests}
                  description={MSG.noQuestsHint}
                  actionLabel="Create Quest"
                  actionHref={paths.create}
                />
              )}
            </HomeSection>

            <HomeSection
              id="featured-perks"
              title="Featured Perks"
              viewAllHref={paths.explore}
              viewAllLabel="View all perks"
            >
              {loading ? (
                <PerkGridSkeleton />
              ) : content.perks.length ? (
                <ul ref={perkList} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
                  {content.perks.map((p) => (
                    <li key={p.id} className="flex">
                      <PerkCard perk={p} className="w-full" />
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState
                  testId="perks-empty"
                  icon={<GiftIcon className="size-6" />}
                  title={MSG.noPerks}
                  description={MSG.noPerksHint}
                  actionLabel="Explore Perks"
                  actionHref={paths.explore}
                />
              )}
            </HomeSection>
          </div>

          <SeasonCard />

          {loading ? (
            <HomeSection id="top-users-loading" title="Top Users">
              <UserRowSkeleton />
            </HomeSection>
          ) : (
            // Always there, so the leaderboard is one tap from Home (issue #16 item 4); the members' carousel
            // only when staff placed one.
            <HomeSection
              id="top-users"
              title="Top Users"
              viewAllHref={paths.leaderboard}
              viewAllLabel="View all on the leaderboard"
            >
              {!content.hasUserSections ? (
                <p className="text-sm text-muted-foreground">See who earned the most XP this week and of all time.</p>
              ) : content.users.length ? (
                <ul className="scrollbar-none -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 md:mx-0 md:scroll-px-0 md:px-0">
                  {content.users.map((u) => (
                    <li key={u.id} className="flex">
                      <ProfileCard profile={u} isOwn={isOwn(u)} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">No members to show yet.</p>
              )}
            </HomeSection>
          )}

          {loading ? <BannerSkeleton /> : <BannerSlider banners={content.banners} />}
        </>
      )}
    </div>
  );
}

export default HomePage;
