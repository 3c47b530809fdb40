import type { Season, SeasonStatus } from '@wyn/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatPoints } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateSeason } from '../api/create-season';
import { useDeleteSeason } from '../api/delete-season';
import { useStaffSeasons } from '../api/get-seasons';
import { ConfirmDeleteDialog, DataTable, Pager, QueryState, ScreenHeader, type Column } from '../components/staff-ui';
import { fromLocalInput } from '../lib/banner-form';
import { STAFF_SCREENS } from '../lib/screens';
import { formatDateTime } from '../lib/staff-format';
import { parseSplit } from '../lib/season-form';

const screen = STAFF_SCREENS.find((s) => s.key === 'seasons')!;
const PAGE_SIZE = 10;

const STATUS: Record<SeasonStatus, { label: string; variant: 'secondary' | 'success' | 'outline' | 'accent' }> = {
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  active: { label: 'Running', variant: 'success' },
  ended: { label: 'Ended', variant: 'outline' },
  paid: { label: 'Paid out', variant: 'accent' },
};

const columns: Column<Season>[] = [
  { header: 'Season', cell: (s) => <span className="font-medium">{s.name}</span> },
  {
    header: 'When',
    cell: (s) => (
      <span className="flex flex-col text-xs">
        <span>{formatDateTime(s.starts_at)}</span>
        <span className="text-muted-foreground">to {formatDateTime(s.ends_at)}</span>
      </span>
    ),
  },
  { header: 'Prize pool', cell: (s) => formatPoints(s.prize_pool), end: true },
  {
    header: 'Split',
    cell: (s) => (s.payout_split.length ? s.payout_split.map((p, i) => `#${i + 1} ${p}%`).join(' · ') : '—'),
  },
  { header: 'Status', cell: (s) => <Badge variant={STATUS[s.status].variant}>{STATUS[s.status].label}</Badge> },
];

type Draft = { name: string; starts_at: string; ends_at: string; prize_pool: string; split: string };
const empty: Draft = { name: '', starts_at: '', ends_at: '', prize_pool: '', split: '50, 30, 20' };

/** Schedule seasons: a window, a prize pool minted when it starts, and what the top places get when it ends. */
export default function SeasonsScreen() {
  useDocumentTitle('Staff · Seasons');
  const [page, setPage] = useState(1);
  const list = useStaffSeasons({ page, page_size: PAGE_SIZE });
  const create = useCreateSeason();
  const remove = useDeleteSeason();
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<Season | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = () => {
    const e: Record<string, string> = {};
    const startsAt = fromLocalInput(draft.starts_at);
    const endsAt = fromLocalInput(draft.ends_at);
    const split = parseSplit(draft.split);
    if (!draft.name.trim()) e.name = 'Enter a name';
    if (!startsAt) e.starts_at = 'Enter a start date and time';
    if (!endsAt) e.ends_at = 'Enter an end date and time';
    else if (startsAt && endsAt <= startsAt) e.ends_at = 'The season must end after it starts';
    if (!/^\d+(\.\d{1,2})?$/.test(draft.prize_pool.trim())) e.prize_pool = 'Enter a prize pool in W, e.g. 500';
    if (typeof split === 'string') e.payout_split = split;
    setErrors(e);
    if (Object.keys(e).length || typeof split === 'string') return;
    create.mutate(
      {
        name: draft.name.trim(),
        starts_at: startsAt!,
        ends_at: endsAt!,
        prize_pool: draft.prize_pool.trim(),
        payout_split: split,
      },
      {
        onSuccess: (s) => {
          notify.success(`${s.name} scheduled`);
          setDraft(empty);
        },
        onError: (err) => {
          if (isApiError(err)) setErrors(err.fieldErrors);
          notify.error(errorMessage(err, 'Could not schedule the season'));
        },
      },
    );
  };

  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-base">New season</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <FormField label="Name" required error={errors.name}>
              <Input value={draft.name} maxLength={80} onChange={(e) => set('name', e.target.value)} />
            </FormField>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField label="Starts" required error={errors.starts_at}>
                <Input
                  type="datetime-local"
                  value={draft.starts_at}
                  onChange={(e) => set('starts_at', e.target.value)}
                />
              </FormField>
              <FormField label="Ends" required error={errors.ends_at}>
                <Input type="datetime-local" value={draft.ends_at} onChange={(e) => set('ends_at', e.target.value)} />
              </FormField>
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField
                label="Prize pool (W)"
                required
                error={errors.prize_pool}
                hint="Minted from the system account when the season starts"
              >
                <Input
                  inputMode="decimal"
                  value={draft.prize_pool}
                  onChange={(e) => set('prize_pool', e.target.value)}
                />
              </FormField>
              <FormField
                label="Payout split (%)"
                error={errors.payout_split}
                hint="First place first, e.g. 50, 30, 20; at most 100 in all. Ties share their places."
              >
                <Input value={draft.split} onChange={(e) => set('split', e.target.value)} />
              </FormField>
            </div>
            <div className="flex justify-end">
              <Button type="submit" loading={create.isPending}>
                Schedule season
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <h2 className="mb-3 text-lg font-semibold">Seasons</h2>
      <QueryState
        query={list}
        isEmpty={(d) => d.count === 0}
        emptyTitle="No seasons yet"
        loadingLabel="Loading seasons"
      >
        {(data) => (
          <>
            <DataTable
              label="Seasons"
              rows={data.results}
              columns={columns}
              rowKey={(s) => s.id}
              actions={(s) =>
                s.status === 'scheduled' && Date.parse(s.starts_at) > Date.now() ? (
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                    Delete
                  </Button>
                ) : null
              }
            />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>

      <ConfirmDeleteDialog
        item={deleting}
        noun="season"
        title={`Delete ${deleting?.name ?? 'this season'}?`}
        description="It has not started, so no W has moved. This cannot be undone."
        remove={remove}
        onClose={() => setDeleting(null)}
        closeOnError
      />
    </section>
  );
}
