import { ExternalLink } from '@/components/external-link';
import { ExternalLinkIcon, TelegramIcon } from '@/components/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { isHttpUrl } from '@/lib/format';
import { BUTTON_PRIORITY, useMainButton } from '@/lib/telegram';
import type { QuestDetail } from '../types';
import { channelLink } from '../lib/participation';

/** The link a member opens to join: the invite link for private chats, else https://t.me/<username>. */
export function joinChannelHref(quest: Pick<QuestDetail, 'invite_link' | 'channel_username'>): string | null {
  if (quest.invite_link && isHttpUrl(quest.invite_link)) return quest.invite_link;
  return channelLink(quest.channel_username);
}

/** Participate on a join quest: explain, then "I'll Join the Channel" performs the participate call. */
export function JoinChannelDialog({
  quest,
  open,
  onOpenChange,
  joining,
  onJoin,
}: {
  quest: QuestDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  joining: boolean;
  onJoin: () => void;
}) {
  const username = (quest.channel_username ?? '').replace(/^@+/, '');
  // Inside Telegram, its MainButton joins while the dialog is open.
  useMainButton(
    open ? { text: "I'll Join the Channel", onClick: onJoin, loading: joining } : null,
    BUTTON_PRIORITY.dialog,
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Join the Telegram channel"
        description={`To complete this quest, join ${username ? `@${username}` : 'the channel'} on Telegram. We'll then check your membership automatically.`}
      >
        <ol className="mb-5 flex list-decimal flex-col gap-1.5 pl-5 text-sm text-muted-foreground">
          <li>Tap “I'll Join the Channel” to take part in the quest.</li>
          <li>Open the channel in Telegram and join it.</li>
          <li>Come back and tap “Verify Channel Membership”.</li>
        </ol>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="telegram" size="lg" className="flex-1 tg-main:hidden" onClick={onJoin} loading={joining}>
            <TelegramIcon className="size-5" /> I'll Join the Channel
          </Button>
          <Button variant="ghost" size="lg" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The channel link and the membership check, shown once the member has joined the quest. */
export function ChannelVerifyPanel({
  quest,
  verifying,
  onVerify,
  result,
}: {
  quest: QuestDetail;
  verifying: boolean;
  onVerify: () => void;
  result: { tone: 'success' | 'error' | 'info'; text: string } | null;
}) {
  const link = joinChannelHref(quest);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Join the channel on Telegram, then verify your membership. Members who had already joined count too.
      </p>
      {link ? (
        <div className="flex flex-col gap-1">
          <ExternalLink
            href={link}
            className={buttonVariants({ variant: 'telegram', size: 'lg' })}
            data-testid="channel-link"
          >
            <TelegramIcon className="size-5" /> Open the channel
            <ExternalLinkIcon className="size-4" />
          </ExternalLink>
          <p className="text-center text-xs break-all text-muted-foreground">{link}</p>
        </div>
      ) : null}
      {/* Inside Telegram its MainButton verifies (quest page). */}
      <Button variant="outline" size="lg" className="tg-main:hidden" onClick={onVerify} loading={verifying}>
        Verify Channel Membership
      </Button>
      {result ? (
        <p
          role="status"
          className={
            result.tone === 'success'
              ? 'text-sm font-medium text-success'
              : result.tone === 'error'
                ? 'text-sm font-medium text-destructive'
                : 'text-sm text-muted-foreground'
          }
        >
          {result.text}
        </p>
      ) : null}
    </div>
  );
}
