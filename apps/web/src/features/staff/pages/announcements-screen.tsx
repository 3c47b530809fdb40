import type { Announcement, AnnouncementAudience, AnnouncementKind } from '@wyn/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useStaffAnnouncements } from '../api/get-announcements';
import { ConfirmDialog, DataTable, Pager, QueryState, ScreenHeader, type Column } from '../components/staff-ui';
import { STAFF_SCREENS } from '../lib/screens';
import { formatDateTime } from '../lib/staff-format';

const screen = STAFF_SCREENS.find((s) => s.key === 'announcements')!;
const PAGE_SIZE = 10;

const AUDIENCE_LABEL: Record<AnnouncementAudience, string> = {
  all: 'All members',
  creators: 'Creators (made a quest or perk)',
  active_7d: 'Active in the last 7 days',
};

/** The notification type members get; their app labels a promotion as one. */
const KIND_LABEL: Record<AnnouncementKind, string> = {
  system: 'Club news',
  promotion: 'Promotion',
};

const columns: Column<Announcement>[] = [
  {
    header: 'Announcement',
    cell: (a) => (
      <span className="flex flex-col">
        <span className="font-medium">{a.title}</span>
        <span className="line-clamp-2 text-xs text-muted-foreground">{a.message}</span>
      </span>
    ),
  },
  {
    header: 'Kind',
    cell: (a) => <Badge variant={a.kind === 'promotion' ? 'secondary' : 'outline'}>{KIND_LABEL[a.kind]}</Badge>,
  },
  { header: 'Audience', cell: (a) => AUDIENCE_LABEL[a.audience] },
  { header: 'Recipients', cell: (a) => a.recipient_count, end: true },
  {
    header: 'Sent',
    cell: (a) => (a.sent_at ? formatDateTime(a.sent_at) : <Badge variant="secondary">Delivering…</Badge>),
  },
  { header: 'By', cell: (a) => (a.actor ? a.actor.username : '—') },
];

type Draft = { title: string; message: string; link: string; audience: AnnouncementAudience; kind: AnnouncementKind };
const empty: Draft = { title: '', message: '', link: '', audience: 'all', kind: 'system' };

/** Send a notification to an audience (in the app, and through the bot where members allowed it). */
export default function AnnouncementsScreen() {
  useDocumentTitle('Staff · Announcements');
  const [page, setPage] = useState(1);
  const list = useStaffAnnouncements({ page, page_size: PAGE_SIZE });
  const send = useCreateAnnouncement();
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const check = () => {
    const e: Record<string, string> = {};
    if (!draft.title.trim()) e.title = 'Enter a title';
    if (!draft.message.trim()) e.message = 'Enter a message';
    if (draft.link.trim() && !/^https?:\/\/\S+$/i.test(draft.link.trim()))
      e.link = 'Link must start with http:// or https://';
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle className="text-base">New announcement</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (check()) setConfirming(true);
            }}
          >
            <FormField label="Title" required error={errors.title}>
              <Input value={draft.title} maxLength={120} onChange={(e) => set('title', e.target.value)} />
            </FormField>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField label="Kind" hint="A promotion is marked as one in members' notifications">
                <Select value={draft.kind} onChange={(e) => set('kind', e.target.value as AnnouncementKind)}>
                  {(Object.keys(KIND_LABEL) as AnnouncementKind[]).map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABEL[k]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Audience">
                <Select
                  value={draft.audience}
                  onChange={(e) => set('audience', e.target.value as AnnouncementAudience)}
                >
                  {(Object.keys(AUDIENCE_LABEL) as AnnouncementAudience[]).map((a) => (
                    <option key={a} value={a}>
                      {AUDIENCE_LABEL[a]}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <FormField label="Message" required error={errors.message}>
              <Textarea
                rows={3}
                maxLength={1000}
                value={draft.message}
                onChange={(e) => set('message', e.target.value)}
              />
            </FormField>
            <FormField label="Link" error={errors.link} hint="Optional; http:// or https://">
              <Input
                type="url"
                placeholder="https://"
                value={draft.link}
                onChange={(e) => set('link', e.target.value)}
              />
            </FormField>
            <div className="flex justify-end">
              <Button type="submit">Send…</Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <h2 className="mb-3 text-lg font-semibold">Sent</h2>
      <QueryState
        query={list}
        isEmpty={(d) => d.count === 0}
        emptyTitle="Nothing sent yet"
        loadingLabel="Loading announcements"
      >
        {(data) => (
          <>
            <DataTable label="Announcements" rows={data.results} columns={columns} rowKey={(a) => a.id} />
            <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={confirming}
        title={`Send ${draft.kind === 'promotion' ? 'a promotion ' : ''}to ${AUDIENCE_LABEL[draft.audience].toLowerCase()}?`}
        description={`"${draft.title.trim()}" arrives as a notification and cannot be taken back.`}
        confirmLabel="Send"
        pending={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          send.mutate(
            {
              title: draft.title.trim(),
              message: draft.message.trim(),
              link: draft.link.trim() || null,
              audience: draft.audience,
              kind: draft.kind,
            },
            {
              onSuccess: (a) => {
                notify.success(`Sending to about ${a.recipient_count} member${a.recipient_count === 1 ? '' : 's'}`);
                setDraft(empty);
                setConfirming(false);
              },
              onError: (e) => {
                if (isApiError(e)) setErrors(e.fieldErrors);
                setConfirming(false);
                notify.error(errorMessage(e, 'Could not send the announcement'));
              },
            },
          )
        }
      />
    </section>
  );
}
