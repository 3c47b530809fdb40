import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonVariants } from './ui/button';

export function EmptyState({
  icon,
  title,
  description,
  actionLabel,
  actionHref,
  className,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  description?: string;
  actionLabel?: string;
  actionHref?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-border bg-card/60 px-6 py-10 text-center',
        className,
      )}
    >
      {icon ? (
        <span className="mb-3 flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          {icon}
        </span>
      ) : null}
      <h3 className="font-semibold">{title}</h3>
      {description ? <p className="mt-1 max-w-xs text-sm text-muted-foreground">{description}</p> : null}
      {actionLabel && actionHref ? (
        <Link to={actionHref} className={buttonVariants({ size: 'sm', className: 'mt-5 px-4' })}>
          {actionLabel}
        </Link>
      ) : null}
    </div>
  );
}
