import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ArrowLeftIcon } from '@/components/icons';
import { useProductName } from '@/lib/queries/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';

export const LAST_UPDATED = 'March 2025';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Static legal text: title, "Last updated March 2025", sections, and a Back link to /login. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const productName = useProductName();
  useDocumentTitle(title, productName);
  return (
    <article className="mx-auto w-full max-w-2xl px-5 pt-[max(1.5rem,env(safe-area-inset-top))] pb-16">
      <Link
        to={paths.login}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg pr-2 text-sm font-semibold text-primary hover:underline tg-back:hidden"
      >
        <ArrowLeftIcon className="size-4" />
        Back
      </Link>
      <header className="mt-4 border-b border-border pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {LAST_UPDATED}</p>
      </header>
      <div className="mt-6 text-[15px] leading-relaxed text-foreground/90">{intro}</div>
      <ol className="mt-8 flex flex-col gap-7">
        {sections.map((s, i) => (
          <li key={s.heading}>
            <h2 className="text-lg font-semibold">
              {i + 1}. {s.heading}
            </h2>
            <div className="mt-2 flex flex-col gap-2 text-[15px] leading-relaxed text-muted-foreground">{s.body}</div>
          </li>
        ))}
      </ol>
      <p className="mt-12 text-sm text-muted-foreground">
        Questions? Message the {productName} team through our Telegram bot or the in-app messages.
      </p>
    </article>
  );
}
