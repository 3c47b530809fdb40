import type { StaffPopularSearch } from '@wyn/contract';
import { useCallback, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePopularSearch } from '../api/create-popular-search';
import { useDeletePopularSearch } from '../api/delete-popular-search';
import { useStaffPopularSearches } from '../api/get-popular-searches';
import { useUpdatePopularSearch } from '../api/update-popular-search';
import {
  ConfirmDeleteDialog,
  DataTable,
  Pager,
  QueryState,
  ScreenHeader,
  SearchBox,
  type Column,
} from '../components/staff-ui';
import { STAFF_SCREENS } from '../lib/screens';

const screen = STAFF_SCREENS.find((s) => s.key === 'popular-searches')!;
const PAGE_SIZE = 20;

const columns: Column<StaffPopularSearch>[] = [
  { header: 'Term', cell: (p) => <span className="font-medium">{p.search_term}</span> },
  { header: 'Searches', cell: (p) => p.search_count, end: true },
  {
    header: 'Kind',
    cell: (p) => (
      <span className="flex flex-wrap gap-1">
        <Badge variant={p.source === 'curated' ? 'secondary' : 'outline'}>
          {p.source === 'curated' ? 'Curated' : 'From searches'}
        </Badge>
        {p.is_suppressed ? <Badge variant="outline">Suppressed</Badge> : null}
      </span>
    ),
  },
];

/** Explore's popular searches: add curated terms (shown first), suppress one that should not show. */
export default function PopularSearchesScreen() {
  useDocumentTitle('Staff · Popular searches');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const searches = useStaffPopularSearches({ page, page_size: PAGE_SIZE, ...(q ? { q } : {}) });
  const create = useCreatePopularSearch();
  const update = useUpdatePopularSearch();
  const remove = useDeletePopularSearch();
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StaffPopularSearch | null>(null);
  const onSearch = useCallback((v: string) => {
    setQ(v);
    setPage(1);
  }, []);

  const toggle = (p: StaffPopularSearch, body: { is_suppressed?: boolean; is_promoted?: boolean }, done: string) =>
    update.mutate(
      { id: p.id, body },
      {
        onSuccess: () => notify.success(done),
        onError: (e) => notify.error(errorMessage(e, 'Could not change the term')),
      },
    );

  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <SearchBox label="Find a term" value={q} onSearch={onSearch} className="sm:w-72" />
        <form
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (!term.trim()) return setTermError('Enter a search term');
            create.mutate(
              { search_term: term.trim() },
              {
                onSuccess: () => {
                  notify.success('Curated term added');
                  setTerm('');
                  setTermError(null);
                },
                onError: (err) => {
                  setTermError((isApiError(err) && err.fieldErrors.search_term) || null);
                  notify.error(errorMessage(err, 'Could not add the term'));
                },
              },
            );
          }}
        >
          <div className="flex gap-2">
            <Input
              aria-label="New curated term"
              placeholder="New curated term"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              aria-invalid={termError ? true : undefined}
              className="sm:w-56"
            />
            <Button type="submit" loading={create.isPending}>
              Add
            </Button>
          </div>
          {termError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {termError}
            </p>
          ) : null}
        </form>
      </div>
      <QueryState
        query={searches}
        isEmpty={(d) => d.count === 0}
        emptyTitle="No search terms"
        emptyDescription="Terms appear as members search; add curated ones above."
        loadingLabel="Loading popular searches"
      >
        {(data) => (
          <>
            <DataTable
              label="Popular searches"
              rows={data.results}
              columns={columns}
              rowKey={(p) => p.id}
              actions={(p) => (
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      toggle(p, { is_suppressed: !p.is_suppressed }, p.is_suppressed ? 'Shown again' : 'Suppressed')
                    }
                  >
                    {p.is_suppressed ? 'Unsuppress' : 'Suppress'}
                  </Button>
                  {p.source === 'curated' ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDeleting(p)}
                      aria-label={`Delete ${p.search_term}`}
                    >
                      Delete
                    </Button>
                  ) : (
                    <Button variant="ghost" size="sm" onClick={() => toggle(p, { is_promoted: true }, 'Promoted')}>
                      Promote
                    </Button>
                  )}
                </>
              )}
            />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>
      <ConfirmDeleteDialog
        item={deleting}
        noun="term"
        description={`"${deleting?.search_term}" leaves the curated list.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
