import type { ModerationState, ProfileDetail } from '@wyn/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HiddenByStaffBadge } from '@/components/hidden-by-staff-notice';
import { MediaImage } from '@/components/media-image';
import { ClockIcon, GiftIcon, LockIcon, TargetIcon, TrophyIcon } from '@/components/icons';
import { buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { href, paths } from '@/config/paths';
import { formatPoints, formatRelativeTime, isAppPath, isHttpUrl } from '@/lib/format';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { activityItems, createdQuestsNote } from '../lib/profile-display';

export const PROFILE_TABS_MSG = {
  noQuests: 'No quests yet',
  noPerks: 'No perks yet',
  noActivity: 'No recent activity',
  exploreQuests: 'Explore Quests',
  privateTitle: 'This profile is private',
  privateText: 'Only the member can see their quests, perks and activity.',
} as const;

type Row = {
  id: string;
  to: string | null;
  title: string;
  meta: string;
  at: string;
  media?: string | null;
  /** On the owner's own created items: hidden by staff (and why). */
  moderation?: ModerationState | undefined;
};

/** Quests, Perks and Activity of a profile (default Quests); Radix tabs for arrow-key navigation. */
export function ProfileTabs({ profile, isOwn }: { profile: ProfileDetail; isOwn: boolean }) {
  const hidden = !isOwn && profile.is_private;
  return (
    <Tabs defaultValue="quests" className="min-w-0">
      <TabsList className="w-full" aria-label="Profile sections">
        <TabsTrigger value="quests">Quests</TabsTrigger>
        <TabsTrigger value="perks">Perks</TabsTrigger>
        <TabsTrigger value="activity">Activity</TabsTrigger>
      </TabsList>
      {hidden ? (
        <PrivateNotice />
      ) : (
        <>
          <TabsContent value="quests">
            <QuestsTab profile={profile} isOwn={isOwn} />
          </TabsContent>
          <TabsContent value="perks">
            <PerksTab profile={profile} />
          </TabsContent>
          <TabsContent value="activity">
            <ActivityTab profile={profile} />
          </TabsContent>
        </>
      )}
    </Tabs>
  );
}

function PrivateNotice() {
  return (
    <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-10 text-center">
      <LockIcon className="mb-3 size-7 text-muted-foreground" />
      <p className="font-semibold">{PROFILE_TABS_MSG.privateTitle}</p>
      <p className="mt-1 text-sm text-muted-foreground">{PROFILE_TABS_MSG.privateText}</p>
    </div>
  );
}

function QuestsTab({ profile, isOwn }: { profile: ProfileDetail; isOwn: boolean }) {
  const created: Row[] = profile.created_tasks.map((q) => ({
    id: q.id,
    to: href.quest(q.id),
    title: q.title,
    meta: `${formatPoints(q.reward_amount)} reward`,
    at: q.created_at,
    media: q.media,
    moderation: q.moderation,
  }));
  const completed: Row[] = profile.completed_tasks.map((c) => ({
    id: c.id,
    to: href.quest(c.task),
    title: c.task_title,
    meta: `Earned ${formatPoints(c.reward_amount)}`,
    at: c.completed_at,
    media: c.media,
  }));
  if (!created.length && !completed.length)
    return (
      <Empty icon={<TargetIcon className="size-7" />} text={PROFILE_TABS_MSG.noQuests}>
        {isOwn ? (
          <Link to={paths.explore} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {PROFILE_TABS_MSG.exploreQuests}
          </Link>
        ) : null}
      </Empty>
    );
  return (
    <div className="flex flex-col gap-5">
      <Section title="Created Quests" rows={created} icon={<TargetIcon className="size-5" />} testId="created-quests" />
      <Section
        title="Completed Quests"
        rows={completed}
        icon={<TrophyIcon className="size-5" />}
        testId="completed-quests"
      />
    </div>
  );
}

function PerksTab({ profile }: { profile: ProfileDetail }) {
  const created: Row[] = profile.created_perks.map((p) => ({
    id: p.id,
    to: href.perk(p.id),
    title: p.title,
    meta: formatPoints(p.cost_amount),
    at: p.created_at,
    media: p.media,
    moderation: p.moderation,
  }));
  const purchased: Row[] = profile.purchased_perks.map((r) => ({
    id: r.id,
    to: r.perk ? href.perk(r.perk) : null,
    title: r.title,
    meta: r.cost_amount ? `Spent ${formatPoints(r.cost_amount)}` : 'Redeemed',
    at: r.purchased_at,
    media: r.media,
  }));
  if (!created.length && !purchased.length)
    return <Empty icon={<GiftIcon className="size-7" />} text={PROFILE_TABS_MSG.noPerks} />;
  return (
    <div className="flex flex-col gap-5">
      <Section title="Created Perks" rows={created} icon={<GiftIcon className="size-5" />} testId="created-perks" />
      <Section
        title="Purchased Perks"
        rows={purchased}
        icon={<GiftIcon className="size-5" />}
        testId="purchased-perks"
      />
    </div>
  );
}

function ActivityTab({ profile }: { profile: ProfileDetail }) {
  const items = activityItems(profile);
  return (
    <div className="flex flex-col gap-3">
      {items.length ? (
        <ul className="flex flex-col gap-2" data-testid="activity-list">
          {items.map((a) => (
            <li key={a.id}>
              <RowLink to={a.to}>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary dark:text-foreground">
                  {a.kind === 'quest' ? <TrophyIcon className="size-5" /> : <GiftIcon className="size-5" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">
                    {a.kind === 'quest' ? 'Completed ' : 'Redeemed '}
                    <span className="font-semibold">{a.title}</span>
                  </span>
                  <time dateTime={a.at} className="flex items-center gap-1 text-xs text-muted-foreground">
                    <ClockIcon className="size-3.5" /> {formatRelativeTime(a.at)}
                  </time>
                </span>
              </RowLink>
            </li>
          ))}
        </ul>
      ) : (
        <Empty icon={<ClockIcon className="size-7" />} text={PROFILE_TABS_MSG.noActivity} />
      )}
      {profile.created_tasks_count > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="created-note">
          {createdQuestsNote(profile.created_tasks_count)}
        </p>
      ) : null}
    </div>
  );
}

function Section({ title, rows, icon, testId }: { title: string; rows: Row[]; icon: ReactNode; testId: string }) {
  if (!rows.length) return null;
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold text-muted-foreground">{title}</h3>
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          <li key={r.id}>
            <RowLink to={r.to}>
              <Thumb media={r.media} icon={icon} />
              <span className="min-w-0 flex-1">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate text-sm font-semibold">{r.title}</span>
                  <HiddenByStaffBadge moderation={r.moderation} className="shrink-0" />
                </span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                  <span>{r.meta}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={r.at}>{formatRelativeTime(r.at)}</time>
                </span>
              </span>
            </RowLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Thumb({ media, icon }: { media?: string | null; icon: ReactNode }) {
  if (media && (isAppPath(media) || isHttpUrl(media)))
    return (
      <MediaImage
        src={media}
        sizes={IMAGE_SIZES.thumb}
        loading="lazy"
        decoding="async"
        className="size-10 shrink-0 rounded-xl bg-muted object-cover"
      />
    );
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary dark:text-foreground">
      {icon}
    </span>
  );
}

function RowLink({ to, children }: { to: string | null; children: ReactNode }) {
  const cls = 'flex items-center gap-3 rounded-xl border border-border bg-card p-2.5';
  if (!to) return <div className={cls}>{children}</div>;
  return (
    <Link
      to={to}
      className={`${cls} transition-colors hover:border-primary/40 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring`}
    >
      {children}
    </Link>
  );
}

function Empty({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-10 text-center">
      <span className="mb-3 text-muted-foreground">{icon}</span>
      <p className="font-semibold">{text}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
