import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertCircleIcon, InfoIcon } from '@/components/icons';

/** An inline message box (form-level errors and notes). */
export function Alert({
  variant = 'error',
  title,
  children,
  className,
  'data-testid': testId,
}: {
  variant?: 'error' | 'info';
  title?: string;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const Icon = variant === 'error' ? AlertCircleIcon : InfoIcon;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'note'}
      data-testid={testId}
      className={cn(
        'flex gap-3 rounded-xl border px-3.5 py-3 text-sm',
        variant === 'error'
          ? 'border-destructive/30 bg-destructive-soft text-destructive'
          : 'border-border bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
