import type { ReactNode } from 'react';
import { MSG } from '@wyn/contract';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { AlertCircleIcon } from './icons-shell';
import { Button, buttonVariants } from './ui/button';

/** Generic error state: title, description and an action (a link, or a handler when `onAction` is given). */
export function ErrorState({
  title = MSG.errorTitle,
  description = MSG.errorDescription,
  actionLabel = MSG.errorAction,
  actionHref = '/',
  onAction,
  className,
}: {
  title?: string;
  description?: string;
  actionLabel?: string;
  actionHref?: string;
  onAction?: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-destructive-soft text-destructive">
        <AlertCircleIcon className="size-7" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{description}</p>
      <div className="mt-6">
        {onAction ? (
          <Button variant="outline" onClick={onAction}>
            {actionLabel}
          </Button>
        ) : (
          <Link to={actionHref} className={buttonVariants({ variant: 'outline' })}>
            {actionLabel}
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * A detail page that could not load: the page's heading (h1) in an error card, an optional line under it,
 * and the page's own actions (Back, Try Again, …).
 */
export function PageErrorCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 md:px-6">
      <div
        role="alert"
        className="mt-10 flex flex-col items-center rounded-3xl border border-border bg-card px-6 py-12 text-center"
      >
        <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-destructive-soft text-destructive">
          <AlertCircleIcon className="size-7" />
        </span>
        <h1 className="text-lg font-semibold">{title}</h1>
        {description ? <p className="mt-1.5 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>
      </div>
    </div>
  );
}
