import type { ExploreCategory, PopularSearch } from '@wyn/contract';
import { Skeleton } from '@/components/ui/skeleton';
import { SearchIcon, SparklesIcon } from '@/components/icons';
import { haptic } from '@/lib/telegram';

/** Before any search: Categories and Popular Searches (docs/spec/02-explore-details-wallet-social.md §2). */
export function DiscoverPanel({
  categories,
  popular,
  loading,
  onCategory,
  onPopular,
}: {
  categories: ExploreCategory[];
  popular: PopularSearch[];
  loading: boolean;
  onCategory: (c: ExploreCategory) => void;
  onPopular: (term: string) => void;
}) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="explore-categories">
        <h2 id="explore-categories" className="mb-3 text-lg font-semibold">
          Categories
        </h2>
        {loading ? (
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-24 rounded-2xl" />
            ))}
          </div>
        ) : categories.length ? (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
            {categories.map((c) => (
              <li key={c.id} className="flex">
                <button
                  type="button"
                  onClick={() => {
                    haptic.selection();
                    onCategory(c);
                  }}
                  data-testid="explore-category"
                  className="group flex w-full flex-col items-start gap-1.5 rounded-2xl border border-border bg-card p-4 text-left transition hover:border-primary/40 hover:shadow-md hover:shadow-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span
                    className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-xl"
                    aria-hidden="true"
                  >
                    {c.icon || <SparklesIcon className="size-5 text-primary" />}
                  </span>
                  <span className="font-semibold group-hover:text-primary">{c.title}</span>
                  {c.description ? (
                    <span className="line-clamp-2 text-xs text-muted-foreground">{c.description}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No categories yet.</p>
        )}
      </section>

      <section aria-labelledby="explore-popular">
        <h2 id="explore-popular" className="mb-3 text-lg font-semibold">
          Popular Searches
        </h2>
        {loading ? (
          <div className="flex flex-wrap gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-24 rounded-full" />
            ))}
          </div>
        ) : popular.length ? (
          <ul className="flex flex-wrap gap-2">
            {popular.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onPopular(p.search_term)}
                  data-testid="explore-popular"
                  className="relative touch-target inline-flex h-9 items-center gap-1.5 rounded-full border border-border bg-card px-3.5 text-sm font-medium transition hover:border-primary/40 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <SearchIcon className="size-3.5 text-muted-foreground" />
                  {p.search_term}
                  {p.is_promoted ? <span className="sr-only"> (promoted)</span> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No popular searches yet.</p>
        )}
      </section>
    </div>
  );
}
