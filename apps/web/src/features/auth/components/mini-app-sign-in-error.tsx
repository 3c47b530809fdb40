import { AlertCircleIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';

/**
 * A failed sign-in inside a Telegram Mini App (issue #14 item 7): one message and one way on, Try Again.
 * No toast repeats it and no web sign-in button shows: inside Telegram the launch data is the way in.
 */
export function MiniAppSignInError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex w-full max-w-sm flex-col items-center rounded-3xl border border-border bg-card p-7 text-center shadow-sm"
      data-testid="miniapp-signin-error"
    >
      <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <AlertCircleIcon className="size-8" />
      </span>
      <h2 className="text-xl font-bold">Authentication failed</h2>
      <p className="mt-1.5 text-sm text-muted-foreground">{message}</p>
      <Button size="lg" className="mt-6 w-full" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    </div>
  );
}
