import type { StaffUser } from '@wyn/contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { href } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStaffMembers } from '../api/get-members';
import { useUpdateMember } from '../api/update-member';
import {
  ConfirmDialog,
  DataTable,
  Pager,
  QueryState,
  ScreenHeader,
  SearchBox,
  type Column,
} from '../components/staff-ui';
import { STAFF_SCREENS } from '../lib/screens';
import { formatDate } from '../lib/staff-format';

const screen = STAFF_SCREENS.find((s) => s.key === 'members')!;
const PAGE_SIZE = 20;

type Change = { member: StaffUser; field: 'is_active' | 'is_staff'; value: boolean };

const CHANGE_TEXT = {
  is_active: {
    true: {
      title: 'Enable this account?',
      text: 'They can sign in and use the club again.',
      label: 'Enable',
      done: 'Account enabled',
    },
    false: {
      title: 'Disable this account?',
      text: 'They are signed out everywhere at once and refused until enabled again.',
      label: 'Disable',
      done: 'Account disabled',
    },
  },
  is_staff: {
    true: {
      title: 'Make this member staff?',
      text: 'They can open this console and change what members see.',
      label: 'Grant staff',
      done: 'Staff granted',
    },
    false: {
      title: 'Revoke staff?',
      text: 'They lose the console at once.',
      label: 'Revoke staff',
      done: 'Staff revoked',
    },
  },
} as const;

const columns: Column<StaffUser>[] = [
  {
    header: 'Member',
    cell: (m) => (
      <Link to={href.profile(m.id)} className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg hover:underline">
        <Avatar src={m.avatar} name={m.name} className="size-9 shrink-0" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{m.name || m.username || 'Member'}</span>
          {m.username ? <span className="truncate text-xs text-muted-foreground">@{m.username}</span> : null}
        </span>
      </Link>
    ),
  },
  { header: 'E-mail', cell: (m) => m.email ?? '—' },
  { header: 'Joined', cell: (m) => <span className="whitespace-nowrap">{formatDate(m.date_joined)}</span> },
  {
    header: 'Status',
    cell: (m) => (
      <span className="flex flex-wrap gap-1">
        <Badge variant={m.is_active ? 'success' : 'outline'}>{m.is_active ? 'Active' : 'Disabled'}</Badge>
        {m.is_staff ? <Badge variant="secondary">Staff</Badge> : null}
        {m.hidden_by_staff ? <Badge variant="outline">Profile hidden</Badge> : null}
      </span>
    ),
  },
];

/** Find members; disable or enable an account, grant or revoke staff (never one's own). */
export default function MembersScreen() {
  useDocumentTitle('Staff · Members');
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const members = useStaffMembers({ page, page_size: PAGE_SIZE, ...(search ? { search } : {}) });
  const [change, setChange] = useState<Change | null>(null);
  const update = useUpdateMember();
  const onSearch = useCallback((q: string) => {
    setSearch(q);
    setPage(1);
  }, []);
  const text = change ? CHANGE_TEXT[change.field][String(change.value) as 'true' | 'false'] : null;

  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <SearchBox
        label="Search by name, username or e-mail"
        value={search}
        onSearch={onSearch}
        className="mb-4 sm:max-w-md"
      />
      <QueryState
        query={members}
        isEmpty={(d) => d.count === 0}
        emptyTitle="No members found"
        emptyDescription={search ? 'Try another name, username or e-mail.' : undefined}
        loadingLabel="Loading members"
      >
        {(data) => (
          <>
            <DataTable
              label="Members"
              rows={data.results}
              columns={columns}
              rowKey={(m) => m.id}
              actions={(m) => {
                const self = m.id === me?.id;
                const name = m.name || m.username || 'member';
                return (
                  <>
                    <Button
                      variant={m.is_active ? 'outline' : 'secondary'}
                      size="sm"
                      disabled={self}
                      title={self ? 'You cannot disable yourself' : undefined}
                      aria-label={`${m.is_active ? 'Disable' : 'Enable'} ${name}`}
                      onClick={() => setChange({ member: m, field: 'is_active', value: !m.is_active })}
                    >
                      {m.is_active ? 'Disable' : 'Enable'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={self}
                      title={self ? 'You cannot remove your own staff right' : undefined}
                      aria-label={`${m.is_staff ? 'Revoke staff from' : 'Grant staff to'} ${name}`}
                      onClick={() => setChange({ member: m, field: 'is_staff', value: !m.is_staff })}
                    >
                      {m.is_staff ? 'Revoke staff' : 'Grant staff'}
                    </Button>
                  </>
                );
              }}
            />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={change !== null}
        title={text?.title ?? ''}
        description={change && text ? `${change.member.name || change.member.username}: ${text.text}` : undefined}
        confirmLabel={text?.label ?? 'Confirm'}
        destructive={change?.value === false}
        pending={update.isPending}
        onCancel={() => setChange(null)}
        onConfirm={() => {
          if (!change || !text) return;
          update.mutate(
            { id: change.member.id, body: { [change.field]: change.value } },
            {
              onSuccess: () => {
                notify.success(text.done);
                setChange(null);
              },
              onError: (e) => notify.error(errorMessage(e, 'Could not change the account')),
            },
          );
        }}
      />
    </section>
  );
}
