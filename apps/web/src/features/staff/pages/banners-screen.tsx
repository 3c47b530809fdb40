import type { StaffBanner } from '@wyn/contract';
import { useCallback, useState } from 'react';
import { PlusIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteBanner } from '../api/delete-banner';
import { useStaffBanners } from '../api/get-banners';
import { BannerFormDialog } from '../components/banner-form-dialog';
import {
  ConfirmDeleteDialog,
  DataTable,
  Pager,
  QueryState,
  ScreenHeader,
  SearchBox,
  type Column,
} from '../components/staff-ui';
import { bannerState, type BannerState } from '../lib/banner-form';
import { STAFF_SCREENS } from '../lib/screens';
import { formatDateTime } from '../lib/staff-format';

const screen = STAFF_SCREENS.find((s) => s.key === 'banners')!;
const PAGE_SIZE = 20;

const STATE_BADGE: Record<BannerState, { label: string; variant: 'success' | 'secondary' | 'outline' }> = {
  live: { label: 'Live', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  ended: { label: 'Ended', variant: 'outline' },
  inactive: { label: 'Off', variant: 'outline' },
};

const columns: Column<StaffBanner>[] = [
  {
    header: 'Banner',
    cell: (b) => (
      <span className="flex min-w-0 items-center gap-3">
        <img src={b.image_url} alt="" className="h-10 w-16 shrink-0 rounded-lg bg-muted object-cover" />
        <span className="min-w-0 truncate font-medium">{b.title}</span>
      </span>
    ),
  },
  { header: 'Position', cell: (b) => b.position, end: true },
  {
    header: 'Shows',
    cell: (b) =>
      b.starts_at || b.ends_at ? `${formatDateTime(b.starts_at)} – ${formatDateTime(b.ends_at)}` : 'Always',
  },
  {
    header: 'Status',
    cell: (b) => {
      const s = STATE_BADGE[bannerState(b)];
      return <Badge variant={s.variant}>{s.label}</Badge>;
    },
  },
];

/** The slides at the top of Home: find by title, add with an image, edit, delete after confirming. */
export default function BannersScreen() {
  useDocumentTitle('Staff · Banners');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const banners = useStaffBanners({ page, page_size: PAGE_SIZE, ...(q ? { q } : {}) });
  const onSearch = useCallback((v: string) => {
    setQ(v);
    setPage(1);
  }, []);
  const [editing, setEditing] = useState<StaffBanner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffBanner | null>(null);
  const remove = useDeleteBanner();

  return (
    <section>
      <ScreenHeader
        title={screen.label}
        description={screen.description}
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" /> New banner
          </Button>
        }
      />
      <SearchBox label="Find a banner by title" value={q} onSearch={onSearch} className="mb-4 sm:w-72" />
      <QueryState
        query={banners}
        isEmpty={(d) => d.count === 0}
        emptyTitle={q ? 'No banner matches' : 'No banners yet'}
        emptyDescription={q ? 'Try another part of the title.' : 'Add one to greet members at the top of Home.'}
        loadingLabel="Loading banners"
      >
        {(data) => (
          <>
            <DataTable
              label="Banners"
              rows={data.results}
              columns={columns}
              rowKey={(b) => b.id}
              actions={(b) => (
                <>
                  <Button variant="outline" size="sm" onClick={() => setEditing(b)} aria-label={`Edit ${b.title}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(b)} aria-label={`Delete ${b.title}`}>
                    Delete
                  </Button>
                </>
              )}
            />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>

      <BannerFormDialog
        open={editing !== null}
        banner={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog
        item={deleting}
        noun="banner"
        description={`"${deleting?.title}" leaves Home at once. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
