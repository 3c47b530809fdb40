import type { AuditLogEntry, StaffActor } from '@wyn/contract';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStaffAuditLog } from '../api/get-audit-log';
import { useStaffMembers } from '../api/get-members';
import { DataTable, Pager, QueryState, ScreenHeader, SearchBox, type Column } from '../components/staff-ui';
import { STAFF_SCREENS } from '../lib/screens';
import { formatDateTime } from '../lib/staff-format';

const screen = STAFF_SCREENS.find((s) => s.key === 'audit-log')!;
const PAGE_SIZE = 25;

function Values({ label, value }: { label: string; value: Record<string, unknown> | null }) {
  if (!value) return null;
  return (
    <div className="min-w-0">
      <span className="text-xs font-semibold text-muted-foreground">{label}</span>
      <pre className="mt-0.5 max-h-48 overflow-auto rounded-lg bg-muted p-2 text-xs whitespace-pre-wrap break-all">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

const columns = (onActor: (a: StaffActor) => void, actorId: string): Column<AuditLogEntry>[] => [
  { header: 'When', cell: (e) => formatDateTime(e.created_at) },
  {
    header: 'Who',
    cell: (e) =>
      !e.actor ? (
        '—'
      ) : e.actor.id === actorId ? (
        e.actor.username
      ) : (
        <Button
          variant="link"
          className="min-h-11"
          aria-label={`Only actions by ${e.actor.username}`}
          onClick={() => onActor(e.actor!)}
        >
          {e.actor.username}
        </Button>
      ),
  },
  { header: 'Action', cell: (e) => <code className="text-xs font-semibold">{e.action}</code> },
  {
    header: 'Target',
    cell: (e) => (
      <span className="break-all">
        {e.target_type}
        {e.target_id ? <span className="block text-xs text-muted-foreground">{e.target_id}</span> : null}
      </span>
    ),
  },
  {
    header: 'Change',
    cell: (e) =>
      e.before || e.after ? (
        <details>
          <summary className="flex min-h-11 cursor-pointer items-center text-sm text-primary">Before / after</summary>
          <div className="mt-2 grid gap-2">
            <Values label="Before" value={e.before} />
            <Values label="After" value={e.after} />
          </div>
        </details>
      ) : (
        '—'
      ),
  },
];

/**
 * Every staff action, newest first; filter by who did it (a staff member, or anyone named in a row, former staff
 * too), by action (e.g. banner.create) or by target type. Append-only.
 */
export default function AuditLogScreen() {
  useDocumentTitle('Staff · Audit log');
  const [actor, setActor] = useState<StaffActor | null>(null);
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const log = useStaffAuditLog({
    page,
    page_size: PAGE_SIZE,
    ...(actor ? { actor: actor.id } : {}),
    ...(action ? { action } : {}),
    ...(target ? { target_type: target } : {}),
  });
  const staff = useStaffMembers({ is_staff: true, page: 1, page_size: 100 });
  // Named as the log names them (their display name).
  const actors: StaffActor[] = (staff.data?.results ?? []).map((m) => ({ id: m.id, username: m.name }));
  if (actor && !actors.some((a) => a.id === actor.id)) actors.push(actor);
  const onActor = useCallback((a: StaffActor | null) => {
    setActor(a);
    setPage(1);
  }, []);
  const onAction = useCallback((v: string) => {
    setAction(v);
    setPage(1);
  }, []);
  const onTarget = useCallback((v: string) => {
    setTarget(v);
    setPage(1);
  }, []);
  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <div className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:max-w-3xl">
        <Select
          aria-label="Who"
          value={actor?.id ?? ''}
          onChange={(e) => onActor(actors.find((a) => a.id === e.target.value) ?? null)}
        >
          <option value="">By anyone</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              By {a.username}
            </option>
          ))}
        </Select>
        <SearchBox label="Action, e.g. quest.hide" value={action} onSearch={onAction} />
        <SearchBox label="Target type, e.g. quest" value={target} onSearch={onTarget} />
      </div>
      <QueryState
        query={log}
        isEmpty={(d) => d.count === 0}
        emptyTitle="No staff actions"
        emptyDescription={
          actor || action || target ? 'Nothing matches these filters.' : 'Every change made here is written down.'
        }
        loadingLabel="Loading the audit log"
      >
        {(data) => (
          <>
            <DataTable
              label="Audit log"
              rows={data.results}
              columns={columns(onActor, actor?.id ?? '')}
              rowKey={(e) => String(e.id)}
            />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}
