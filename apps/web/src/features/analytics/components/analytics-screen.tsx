import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';

/** The analytics screen's frame: its heading with the item's title, and a way back to the item. */
export function AnalyticsScreen({
  heading,
  title,
  backHref,
  backLabel,
  children,
}: {
  heading: string;
  title: string | undefined;
  backHref: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pb-8 md:px-6">
      <PageHeader
        title={heading}
        actions={
          // Inside Telegram its BackButton goes back instead.
          <Link to={backHref} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'tg-back:hidden' })}>
            <ArrowLeftIcon className="size-4" /> {/* a phone's narrow header keeps the title on one line */}
            <span className="sm:hidden">Back</span>
            <span className="hidden sm:inline">{backLabel}</span>
          </Link>
        }
      />
      <p className="mb-4 min-h-5 truncate text-sm text-muted-foreground" data-testid="analytics-subject">
        {title ?? '\u00a0'}
      </p>
      {children}
    </div>
  );
}
