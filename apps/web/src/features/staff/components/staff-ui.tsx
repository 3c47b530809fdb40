import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { NotAllowed } from './not-allowed';

/** A console screen's heading, its one-line purpose and its actions. */
export function ScreenHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * Loading, error (a 403 means the staff right was taken away meanwhile: the not-allowed page) and empty states
 * around a query's data.
 */
export function QueryState<T>({
  query,
  isEmpty,
  emptyTitle,
  emptyDescription,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  emptyTitle: string;
  emptyDescription?: string;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          {loadingLabel}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) return <NotAllowed />;
    return (
      <ErrorState
        title="Could not load this"
        description="Check your connection and try again."
        actionLabel="Try again"
        onAction={() => void query.refetch()}
      />
    );
  }
  if (isEmpty?.(query.data)) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return <>{children(query.data)}</>;
}

/** Previous / next over a paginated list, with where we are. */
export function Pager({
  page,
  pageSize,
  count,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count <= pageSize && page === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeftIcon className="size-4" /> Previous
      </Button>
      <span className="text-muted-foreground">
        Page {page} of {pages} · {count} in all
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next <ChevronRightIcon className="size-4" />
      </Button>
    </nav>
  );
}

/** A search field that reports what was typed once typing pauses (300 ms), so each key is not a request. */
export function SearchBox({
  label,
  value,
  onSearch,
  className,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  className?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, value, onSearch]);
  return (
    <div className={cn('relative', className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

/** A delete mutation of one item by its id (the `useDelete…` hooks of the staff api). */
type DeleteMutation<Id> = {
  mutate: (id: Id, options: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
  isPending: boolean;
};

/**
 * Asks before deleting `item` and deletes it: "<Noun> deleted" and closed on success, "Could not delete the
 * <noun>" on failure (closed too with `closeOnError`, for an item the failure says can no longer be deleted).
 */
export function ConfirmDeleteDialog<Id>({
  item,
  noun,
  title = `Delete this ${noun}?`,
  description,
  remove,
  onClose,
  closeOnError = false,
}: {
  item: { id: Id } | null;
  noun: string;
  title?: string;
  description?: string;
  remove: DeleteMutation<Id>;
  onClose: () => void;
  closeOnError?: boolean;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      description={item ? description : undefined}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            notify.success(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} deleted`);
            onClose();
          },
          onError: (e) => {
            if (closeOnError) onClose();
            notify.error(errorMessage(e, `Could not delete the ${noun}`));
          },
        })
      }
    />
  );
}

/**
 * Asks before an action that changes what members see or can do. With `noteLabel`, a note is asked for
 * (`noteRequired`: the confirm button waits for one).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  pending = false,
  noteLabel,
  noteRequired = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  noteLabel?: string;
  noteRequired?: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onCancel())}>
      {open ? (
        <DialogContent title={title} description={description}>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              onConfirm(note.trim());
            }}
          >
            {noteLabel ? (
              <FormField label={noteLabel} required={noteRequired}>
                <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={500} />
              </FormField>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={destructive ? 'destructive' : 'primary'}
                loading={pending}
                disabled={pending || (noteRequired && !note.trim())}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (numbers, actions). */
  end?: boolean;
}

/**
 * A table from 768 px; on phones each row becomes a card with the same labelled fields, so nothing scrolls
 * sideways at 390 px.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  actions,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  label: string;
  actions?: (row: T) => ReactNode;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!desktop) {
    return (
      <ul aria-label={label} className="flex flex-col gap-3">
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            data-testid="staff-row"
            className="rounded-2xl border border-border bg-card p-4 shadow-xs"
          >
            <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              {columns.map((c) => (
                <div key={c.header} className="contents">
                  <dt className="text-muted-foreground">{c.header}</dt>
                  <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card shadow-xs">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn('px-4 py-3 font-semibold', c.end && 'text-right')}>
                {c.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid="staff-row" className="border-b border-border last:border-0">
              {columns.map((c) => (
                <td key={c.header} className={cn('px-4 py-3 align-middle', c.end && 'text-right')}>
                  {c.cell(row)}
                </td>
              ))}
              {actions ? (
                <td className="px-4 py-3 text-right">
                  <div className="flex justify-end gap-2 whitespace-nowrap">{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
