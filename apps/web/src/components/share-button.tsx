import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ShareIcon } from '@/components/icons';
import { Button, type ButtonProps } from '@/components/ui/button';
import { SHARE_MSG, shareItem, type ShareOutcome, type ShareTarget } from '@/lib/share';
import { haptic } from '@/lib/telegram';
import { notify } from '@/lib/toast';

/**
 * Shares a quest, perk or profile (lib/share.ts) and says what happened: a toast when the link was copied or
 * could not be; a success tick inside Telegram when the message was sent. `onShared` hears every share that
 * happened (sent, handed to a share sheet, Telegram's share link opened, or copied).
 */
export function useShare(target: ShareTarget, onShared?: (outcome: ShareOutcome) => void) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const share = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const outcome = await shareItem(target);
      if (outcome === 'copied') notify.success(SHARE_MSG.copied);
      if (outcome === 'failed') notify.error(SHARE_MSG.copyFailed);
      if (outcome === 'shared') haptic.success();
      if (outcome !== 'cancelled' && outcome !== 'failed') onShared?.(outcome);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, [target, onShared]);
  return { share, pending };
}

/** A Share button for a quest, perk or profile screen. */
export function ShareButton({
  target,
  onShared,
  children = 'Share',
  variant = 'outline',
  size = 'sm',
  ...props
}: { target: ShareTarget; onShared?: (outcome: ShareOutcome) => void; children?: ReactNode } & Omit<
  ButtonProps,
  'onClick' | 'children'
>) {
  const { share, pending } = useShare(target, onShared);
  return (
    <Button variant={variant} size={size} onClick={() => void share()} aria-busy={pending || undefined} {...props}>
      <ShareIcon className="size-4" />
      {children}
    </Button>
  );
}
