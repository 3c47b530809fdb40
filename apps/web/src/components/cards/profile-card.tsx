import type { ProfileCard as ProfileCardData } from '@wyn/contract';
import { Link } from 'react-router';
import { href } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Avatar } from '@/components/avatar';
import { Badge } from '@/components/ui/badge';

/** Display name of a profile card: display name, username, first completed task's username, else "User {id}". */
export function profileCardName(p: ProfileCardData): string {
  return p.display_name?.trim() || p.username || p.completed_tasks?.[0]?.username || `User ${p.id.slice(0, 6)}`;
}

/** Compact member card; the viewer's own card carries a 'You' badge and is not a link. */
export function ProfileCard({
  profile,
  isOwn,
  className,
}: {
  profile: ProfileCardData;
  isOwn: boolean;
  className?: string;
}) {
  const name = profileCardName(profile);
  const count = profile.quests_completed_count ?? profile.completed_tasks?.length ?? 0;
  const body = (
    <>
      <div className="relative">
        <Avatar
          src={profile.avatar || profile.telegram_photo_url}
          name={name}
          sizes="64px"
          className="size-16 text-xl ring-4 ring-primary-soft"
        />
        {isOwn ? (
          <Badge className="absolute -right-2 -bottom-1 shadow-sm" data-testid="own-badge">
            You
          </Badge>
        ) : null}
      </div>
      <p className="mt-2.5 w-full truncate text-sm font-semibold">{name}</p>
      <p className="text-xs text-muted-foreground">
        {count} {count === 1 ? 'quest' : 'quests'} done
      </p>
    </>
  );
  const classes = cn(
    'flex w-32 shrink-0 snap-start flex-col items-center rounded-2xl border border-border bg-card px-3 py-4 text-center',
    className,
  );
  if (isOwn) {
    return (
      <div className={cn(classes, 'border-primary/40')} data-testid="profile-card" data-own="true">
        {body}
      </div>
    );
  }
  return (
    <Link
      to={href.profile(profile.id)}
      className={cn(classes, 'transition hover:border-primary/40 hover:shadow-md')}
      data-testid="profile-card"
    >
      {body}
    </Link>
  );
}
