import { PROFILE_MSG, xpForLevel, type ProfileDetail } from '@wyn/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { LockIcon, TrophyIcon } from '@/components/icons';
import { LevelBadge } from '@/components/level-badge';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { href, paths } from '@/config/paths';
import { avatarSource, profileCounters, profileName } from '../lib/profile-display';

/**
 * The profile's card: avatar (picked preview, avatar, Telegram photo, else the initial), name, @username,
 * bio, counters. `avatarAction` overlays the picture (the own profile's picker); `editor` replaces the
 * name and bio while editing; `actions` sits under the counters.
 */
export function ProfileCard({
  profile,
  preview,
  avatarAction,
  editor,
  actions,
}: {
  profile: ProfileDetail;
  preview?: string | null;
  avatarAction?: ReactNode;
  editor?: ReactNode;
  actions?: ReactNode;
}) {
  const name = profileName(profile);
  const counters = profileCounters(profile);
  const src = avatarSource(profile, preview);
  return (
    <Card className="flex flex-col items-center px-5 pt-6 pb-5 text-center" data-testid="profile-card">
      <div className="relative">
        <Avatar src={src} name={name} sizes="96px" className="size-24 text-3xl ring-4 ring-primary-soft" />
        {avatarAction}
      </div>
      {editor ?? (
        <>
          <h1 className="mt-3 max-w-full text-xl font-bold tracking-tight break-words" data-testid="profile-name">
            {name}
          </h1>
          {profile.user.username ? (
            <p className="text-sm text-muted-foreground" data-testid="profile-username">
              @{profile.user.username}
            </p>
          ) : null}
          <LevelLine profile={profile} />
          {profile.is_business || profile.is_private ? (
            <div className="mt-2 flex flex-wrap justify-center gap-1.5">
              {profile.is_business ? <Badge variant="accent">Business Account</Badge> : null}
              {profile.is_private ? (
                <Badge variant="outline">
                  <LockIcon className="size-3" /> Private
                </Badge>
              ) : null}
            </div>
          ) : null}
          <p
            className="mt-3 max-w-full text-sm break-words whitespace-pre-line text-muted-foreground"
            data-testid="profile-bio"
          >
            {profile.bio.trim() || PROFILE_MSG.noBio}
          </p>
        </>
      )}
      <dl className="mt-5 grid w-full grid-cols-4 gap-1 rounded-2xl bg-muted/60 p-2">
        <Counter label="Followers" value={counters.followers} testId="followers-count" />
        <Counter label="Following" value={counters.following} testId="following-count" />
        <Counter label="Quests" value={counters.quests} testId="quests-count" />
        <Counter label="Perks" value={counters.perks} testId="perks-count" />
      </dl>
      {actions ? <div className="mt-4 flex w-full flex-col gap-2">{actions}</div> : null}
      <BoardLinks profile={profile} />
    </Card>
  );
}

/** The member's level and how far the next one is (XP is public, like the counters). */
function LevelLine({ profile }: { profile: ProfileDetail }) {
  const start = xpForLevel(profile.level);
  const span = Math.max(1, profile.next_level_xp - start);
  return (
    <div className="mt-2 flex w-full max-w-64 flex-col items-center gap-1.5" data-testid="profile-level">
      <div className="flex items-center gap-2 text-sm">
        <LevelBadge level={profile.level} />
        <span className="text-muted-foreground tabular-nums">{profile.xp.toLocaleString('en-US')} XP</span>
      </div>
      <Progress
        value={((profile.xp - start) / span) * 100}
        label={`${profile.next_level_xp - profile.xp} XP to level ${profile.level + 1}`}
        className="h-1.5"
      />
    </div>
  );
}

/** The leaderboard, and for a creator their club's own board (members ranked by XP on their quests). */
function BoardLinks({ profile }: { profile: ProfileDetail }) {
  const creator = profile.created_tasks_count > 0;
  if (!creator && !profile.is_own) return null;
  return (
    <div className="mt-3 flex w-full flex-wrap justify-center gap-2">
      {profile.is_own ? (
        <Link to={paths.leaderboard} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <TrophyIcon className="size-4" /> Leaderboard
        </Link>
      ) : null}
      {creator ? (
        <Link to={href.clubBoard(profile.id)} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <TrophyIcon className="size-4" /> Club board
        </Link>
      ) : null}
    </div>
  );
}

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col-reverse items-center py-1">
      <dt className="truncate text-[11px] font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}
