import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { BUTTON_PRIORITY, useBackButton } from '@/lib/telegram';
import { XIcon } from '@/components/icons';
import { pressable, touchTarget } from './touch';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Inside Telegram, its BackButton closes the open dialog (mounted only while the dialog is open). */
function CloseOnTelegramBack({ close }: { close: RefObject<HTMLButtonElement | null> }) {
  useBackButton(() => close.current?.click(), BUTTON_PRIORITY.dialog);
  return null;
}

/** Centred dialog on wide screens, a bottom sheet on phones. */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
  className?: string;
}) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-3xl border border-border bg-card p-5 pb-[max(1.25rem,var(--safe-bottom))] shadow-2xl',
          'md:inset-auto md:top-1/2 md:left-1/2 md:w-full md:max-w-md md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl md:pb-5',
          'data-[state=open]:animate-fade-in focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            ref={close}
            className={cn(
              'rounded-full p-1.5 text-muted-foreground hover:bg-muted active:bg-border',
              pressable,
              touchTarget,
            )}
            aria-label="Close"
          >
            <XIcon className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
        <CloseOnTelegramBack close={close} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
