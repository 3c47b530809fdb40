import type { ReferralInvitee } from '@wyn/contract';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { Badge } from '@/components/ui/badge';
import { href } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { statusLabel, statusVariant } from '../lib/referral-status';

/** One invited member: who, when they joined, and where their referral stands. */
export function InviteeRow({ invitee }: { invitee: ReferralInvitee }) {
  const { profile } = invitee;
  return (
    <li className="flex items-center gap-3 py-3" data-testid="invitee-row">
      <Link
        to={href.profile(profile.id)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Avatar src={profile.avatar} name={profile.name} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{profile.name}</span>
          <span className="block text-xs text-muted-foreground">Joined {formatRelativeTime(invitee.joined_at)}</span>
          {/* On a phone the status goes under the name, so the name is not cut short. */}
          <Badge variant={statusVariant(invitee.status)} className="mt-1 sm:hidden">
            {statusLabel(invitee)}
          </Badge>
        </span>
      </Link>
      <Badge variant={statusVariant(invitee.status)} className="hidden shrink-0 sm:inline-flex">
        {statusLabel(invitee)}
      </Badge>
    </li>
  );
}
