import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from './ui/button';
import { ConstructionIcon } from './icons';
import { PageHeader } from './page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Placeholder for screens of later issues, shown inside the app layout. */
export function ComingSoonPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 md:px-6">
      <PageHeader title={title} />
      <section className="mt-4 flex flex-col items-center rounded-3xl border border-dashed border-border bg-card px-6 py-14 text-center">
        <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-foreground">
          <ConstructionIcon className="size-7" />
        </span>
        <h2 className="text-lg font-semibold">Coming soon</h2>
        <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
          {description ?? 'We are still building this part of the app. Check back soon!'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {children}
          <Link to="/home" className={buttonVariants({ variant: 'outline' })}>
            Back to Home
          </Link>
        </div>
      </section>
    </div>
  );
}
