import type { ModerationTargetType, StaffReport } from '@wyn/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { href } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStaffReports, type StaffReportsQuery } from '../api/get-reports';
import { useResolveReport } from '../api/resolve-report';
import { ConfirmDialog, DataTable, Pager, QueryState, ScreenHeader, type Column } from '../components/staff-ui';
import { STAFF_SCREENS } from '../lib/screens';
import { formatDateTime } from '../lib/staff-format';

const screen = STAFF_SCREENS.find((s) => s.key === 'reports')!;
const PAGE_SIZE = 20;

type Status = NonNullable<StaffReportsQuery['status']>;
const STATUSES: { value: Status; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Hidden' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All' },
];
const TYPE_LABEL: Record<ModerationTargetType, string> = {
  quest: 'Quest',
  perk: 'Perk',
  profile: 'Profile',
  message: 'Message',
};

/** Where the reported item lives in the app (messages have no page of their own). */
function targetHref(r: StaffReport): string | null {
  if (!r.target.exists) return null;
  if (r.target_type === 'quest') return href.quest(r.target_id);
  if (r.target_type === 'perk') return href.perk(r.target_id);
  if (r.target_type === 'profile') return href.profile(r.target_id);
  return null;
}

const columns: Column<StaffReport>[] = [
  {
    header: 'Reported',
    cell: (r) => {
      const to = targetHref(r);
      return (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="text-xs font-semibold text-muted-foreground uppercase">{TYPE_LABEL[r.target_type]}</span>
          {to ? (
            <Link to={to} className="relative touch-target font-medium text-primary underline-offset-4 hover:underline">
              {r.target.preview || 'Untitled'}
            </Link>
          ) : (
            <span className="font-medium">{r.target.exists ? r.target.preview : 'Deleted since'}</span>
          )}
          {r.target.hidden_by_staff ? (
            <Badge variant="outline" className="w-fit">
              Hidden
            </Badge>
          ) : null}
        </span>
      );
    },
  },
  { header: 'Reason', cell: (r) => <span className="line-clamp-3 block min-w-48">{r.reason}</span> },
  {
    // Who and when share a column, and the open count sits under them: at 1280 px beside the console's side
    // list, seven columns left the actions clipped.
    header: 'Reported by',
    cell: (r) => (
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="break-all">
          {r.reporter ? (r.reporter.username ? `@${r.reporter.username}` : r.reporter.name) : '—'}
        </span>
        <span className="text-xs text-muted-foreground">{formatDateTime(r.created_at)}</span>
        {r.open_reports_on_target > 1 ? (
          <span className="text-xs text-muted-foreground">{r.open_reports_on_target} open reports on it</span>
        ) : null}
      </span>
    ),
  },
  {
    header: 'Outcome',
    cell: (r) =>
      r.status === 'open' ? (
        <Badge variant="secondary">Open</Badge>
      ) : (
        <span className="flex flex-col gap-0.5">
          <Badge variant={r.status === 'resolved' ? 'success' : 'outline'} className="w-fit">
            {r.status === 'resolved' ? 'Hidden' : 'Dismissed'}
          </Badge>
          {r.resolution_note ? <span className="text-xs text-muted-foreground">{r.resolution_note}</span> : null}
        </span>
      ),
  },
];

/** Member reports: hide what they reported (every open report on it closes) or dismiss one with a note. */
export default function ReportsScreen() {
  useDocumentTitle('Staff · Reports');
  const [status, setStatus] = useState<Status>('open');
  const [type, setType] = useState<ModerationTargetType | ''>('');
  const [page, setPage] = useState(1);
  const reports = useStaffReports({ status, page, page_size: PAGE_SIZE, ...(type ? { target_type: type } : {}) });
  const [acting, setActing] = useState<{ report: StaffReport; action: 'hide' | 'dismiss' } | null>(null);
  const resolve = useResolveReport();

  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <div className="mb-4 grid grid-cols-2 gap-2 sm:flex sm:w-auto">
        <Select
          aria-label="Status"
          value={status}
          className="sm:w-44"
          onChange={(e) => {
            setStatus(e.target.value as Status);
            setPage(1);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Kind"
          value={type}
          className="sm:w-44"
          onChange={(e) => {
            setType(e.target.value as ModerationTargetType | '');
            setPage(1);
          }}
        >
          <option value="">Every kind</option>
          {(Object.keys(TYPE_LABEL) as ModerationTargetType[]).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </Select>
      </div>
      <QueryState
        query={reports}
        isEmpty={(d) => d.count === 0}
        emptyTitle={status === 'open' ? 'No open reports' : 'No reports here'}
        emptyDescription={status === 'open' ? 'When members report something, it waits here.' : undefined}
        loadingLabel="Loading reports"
      >
        {(data) => (
          <>
            <DataTable
              label="Reports"
              rows={data.results}
              columns={columns}
              rowKey={(r) => r.id}
              actions={(r) =>
                r.status === 'open' ? (
                  <>
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setActing({ report: r, action: 'hide' })}
                      aria-label={`Hide ${r.target.preview}`}
                    >
                      Hide
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setActing({ report: r, action: 'dismiss' })}
                      aria-label={`Dismiss the report on ${r.target.preview}`}
                    >
                      Dismiss
                    </Button>
                  </>
                ) : null
              }
            />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={acting !== null}
        title={
          acting?.action === 'hide'
            ? `Hide this ${TYPE_LABEL[acting.report.target_type].toLowerCase()}?`
            : 'Dismiss this report?'
        }
        description={
          acting?.action === 'hide'
            ? 'It disappears for everyone but its owner, who sees it marked hidden with the reason. Every open report on it is resolved.'
            : 'The content stays as it is; the note is kept with the report.'
        }
        confirmLabel={acting?.action === 'hide' ? 'Hide' : 'Dismiss'}
        destructive={acting?.action === 'hide'}
        noteLabel={acting?.action === 'hide' ? 'Reason shown to the owner' : 'Note'}
        noteRequired={acting?.action === 'dismiss'}
        pending={resolve.isPending}
        onCancel={() => setActing(null)}
        onConfirm={(note) => {
          if (!acting) return;
          resolve.mutate(
            { id: acting.report.id, body: { action: acting.action, note } },
            {
              onSuccess: (res) => {
                notify.success(
                  acting.action === 'hide'
                    ? `Hidden; ${res.resolved_reports} report${res.resolved_reports === 1 ? '' : 's'} resolved`
                    : 'Report dismissed',
                );
                setActing(null);
              },
              onError: (e) => notify.error(errorMessage(e, 'Could not resolve the report')),
            },
          );
        }}
      />
    </section>
  );
}
