import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The title row at the top of a screen. */
export function PageHeader({
  title,
  actions,
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('flex min-h-14 items-center justify-between gap-3 pt-3 md:pt-6', className)}>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {actions ? <div className="flex items-center gap-1">{actions}</div> : null}
    </header>
  );
}
