import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { CopyIcon, ShareIcon, UsersIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPoints } from '@/lib/format';
import { SHARE_MSG, shareItem } from '@/lib/share';
import { haptic } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReferrals } from '../api/get-referrals';
import { InviteeRow } from '../components/invitee-row';
import { copyInviteLink } from '../lib/share-invite';

/** /invite: the member's invitation link to copy or share, the terms, and the members they invited. */
export default function InvitePage() {
  useDocumentTitle('Invite friends');
  const referrals = useReferrals();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-6">
      <PageHeader title="Invite friends" className="mb-3" />
      {referrals.isPending ? (
        <InviteSkeleton />
      ) : referrals.isError ? (
        <ErrorState
          description="Your invitation could not be loaded."
          onAction={() => void referrals.refetch()}
          actionLabel="Try Again"
        />
      ) : (
        <InviteView data={referrals.data} />
      )}
    </div>
  );
}

function InviteView({ data }: { data: NonNullable<ReturnType<typeof useReferrals>['data']> }) {
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    setSharing(true);
    try {
      const outcome = await shareItem({
        type: 'invite',
        link: data.link,
        text: data.share_text,
        title: 'Invite friends',
      });
      if (outcome === 'copied') notify.success(SHARE_MSG.copied);
      else if (outcome === 'failed') notify.error(SHARE_MSG.copyFailed);
      else if (outcome === 'shared') haptic.success();
    } finally {
      setSharing(false);
    }
  };
  const copy = async () => {
    if (await copyInviteLink(data.link)) {
      haptic.success();
      notify.success(SHARE_MSG.copied);
    } else notify.error(SHARE_MSG.copyFailed);
  };
  const qualified = data.qualified_count;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <p className="text-sm text-muted-foreground">
            When a friend joins through your link and their first quest is approved within {data.qualify_days} days, you
            get <strong className="text-foreground">{formatPoints(data.reward)}</strong> and they get{' '}
            <strong className="text-foreground">{formatPoints(data.welcome)}</strong>. Up to {data.daily_cap} rewards a
            day.
          </p>
          <div>
            <label htmlFor="invite-link" className="mb-1.5 block text-sm font-medium">
              Your invitation link
            </label>
            <input
              id="invite-link"
              readOnly
              value={data.link}
              onFocus={(e) => e.currentTarget.select()}
              className="h-11 w-full truncate rounded-xl border border-border bg-muted/50 px-3 font-mono text-sm"
              data-testid="invite-link"
            />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={() => void copy()}>
              <CopyIcon className="size-4" /> Copy link
            </Button>
            <Button onClick={() => void share()} aria-busy={sharing || undefined} disabled={sharing}>
              <ShareIcon className="size-4" /> Share
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="grid grid-cols-3 gap-2" data-testid="invite-stats">
        <Stat label="Invited" value={String(data.invited_count)} />
        <Stat label="Qualified" value={String(qualified)} />
        <Stat label="Earned" value={formatPoints(data.total_earned)} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Your invites</CardTitle>
        </CardHeader>
        <CardContent>
          {data.invited.length === 0 ? (
            <EmptyState
              icon={<UsersIcon className="size-6" />}
              title="No invites yet"
              description="Share your link: friends who join through it show up here."
              testId="invites-empty"
            />
          ) : (
            <ul className="divide-y divide-border" aria-label="Invited members">
              {data.invited.map((invitee) => (
                <InviteeRow key={invitee.profile.id} invitee={invitee} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="flex flex-col items-center gap-0.5 px-2 py-3 text-center">
      <span className="text-lg font-bold tabular-nums">{value}</span>
      <span className="text-xs text-muted-foreground">{label}</span>
    </Card>
  );
}

function InviteSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your invitation
      </span>
      <Skeleton className="h-52 w-full rounded-2xl" />
      <Skeleton className="h-16 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}
