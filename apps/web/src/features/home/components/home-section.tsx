import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

/** A titled list with a "View all" link. */
export function HomeSection({
  id,
  title,
  viewAllHref,
  viewAllLabel,
  children,
  className,
}: {
  id: string;
  title: string;
  viewAllHref?: string;
  viewAllLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={id} className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        {viewAllHref ? (
          <Link
            to={viewAllHref}
            aria-label={viewAllLabel}
            className="relative touch-target inline-flex items-center gap-0.5 rounded-lg px-1.5 py-1 text-sm font-semibold text-primary hover:bg-primary-soft"
          >
            View all
            <ChevronRightIcon className="size-4" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
