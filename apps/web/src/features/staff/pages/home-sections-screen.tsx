import type { PinnedItem, SectionType, StaffHomeSection } from '@wyn/contract';
import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, XIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateHomeSection } from '../api/create-home-section';
import { useDeleteHomeSection } from '../api/delete-home-section';
import { useStaffHomeSections } from '../api/get-home-sections';
import { usePutHomeSectionItems } from '../api/put-home-section-items';
import { updateHomeSection, useUpdateHomeSection } from '../api/update-home-section';
import { ConfirmDeleteDialog, QueryState, ScreenHeader } from '../components/staff-ui';
import { idFromInput, moveInArray } from '../lib/reorder';
import { STAFF_SCREENS } from '../lib/screens';
import { useSaveOrder } from '../lib/use-save-order';

const screen = STAFF_SCREENS.find((s) => s.key === 'home-sections')!;

const TYPE_LABEL: Record<SectionType, string> = {
  task_carousel: 'Quests',
  perk_carousel: 'Perks',
  user_carousel: 'Members',
};
const ITEM_NOUN: Record<SectionType, string> = {
  task_carousel: 'quest',
  perk_carousel: 'perk',
  user_carousel: 'member',
};

// Up and down arrows: the chevrons turned a quarter.
const Up = () => <ChevronLeftIcon className="size-4 rotate-90" />;
const Down = () => <ChevronRightIcon className="size-4 rotate-90" />;

/** Home's carousels: order (up/down), rename, hide, delete, and the quests/perks/members pinned in each. */
export default function HomeSectionsScreen() {
  useDocumentTitle('Staff · Home sections');
  const sections = useStaffHomeSections({ page: 1, page_size: 100 });
  const update = useUpdateHomeSection();
  const remove = useDeleteHomeSection();
  const [editing, setEditing] = useState<StaffHomeSection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffHomeSection | null>(null);

  const { moving, move } = useSaveOrder(
    (id, order) => updateHomeSection({ id, body: { order } }),
    () => sections.refetch(),
  );

  return (
    <section>
      <ScreenHeader
        title={screen.label}
        description={screen.description}
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" /> New section
          </Button>
        }
      />
      <QueryState
        query={sections}
        isEmpty={(d) => d.count === 0}
        emptyTitle="No sections"
        emptyDescription="Home shows only its banners and welcome until you add a carousel."
        loadingLabel="Loading home sections"
      >
        {(data) => {
          const list = [...data.results].sort((a, b) => a.order - b.order);
          return (
            <ol className="flex flex-col gap-3" aria-label="Home sections in order">
              {list.map((s, i) => (
                <li
                  key={s.id}
                  data-testid="staff-row"
                  className="rounded-2xl border border-border bg-card p-4 shadow-xs"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold">{s.title}</span>
                      <span className="flex flex-wrap gap-1 pt-1">
                        <Badge variant="secondary">{TYPE_LABEL[s.section_type]}</Badge>
                        <Badge variant={s.is_active ? 'success' : 'outline'}>{s.is_active ? 'Shown' : 'Hidden'}</Badge>
                      </span>
                    </span>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${s.title} up`}
                        disabled={i === 0 || moving}
                        onClick={() => void move(list, i, -1)}
                      >
                        <Up />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${s.title} down`}
                        disabled={i === list.length - 1 || moving}
                        onClick={() => void move(list, i, 1)}
                      >
                        <Down />
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setEditing(s)}>
                        Rename
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        loading={update.isPending && update.variables?.id === s.id}
                        onClick={() =>
                          update.mutate(
                            { id: s.id, body: { is_active: !s.is_active } },
                            {
                              onSuccess: () =>
                                notify.success(s.is_active ? 'Section hidden from Home' : 'Section shown on Home'),
                              onError: (e) => notify.error(errorMessage(e, 'Could not change the section')),
                            },
                          )
                        }
                      >
                        {s.is_active ? 'Hide' : 'Show'}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(s)} aria-label={`Delete ${s.title}`}>
                        Delete
                      </Button>
                    </div>
                  </div>
                  <PinnedItems section={s} />
                </li>
              ))}
            </ol>
          );
        }}
      </QueryState>

      <SectionDialog section={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        noun="section"
        description={`"${deleting?.title}" and its pins leave Home. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/** The items pinned in a carousel, in order; none pinned: Home fills it with the newest. */
function PinnedItems({ section }: { section: StaffHomeSection }) {
  const put = usePutHomeSectionItems();
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noun = ITEM_NOUN[section.section_type];
  const items = [...section.items].sort((a, b) => a.order - b.order);
  const save = (next: PinnedItem[] | string[], done: string) => {
    const ids = next.map((x) => (typeof x === 'string' ? x : x.item_id));
    put.mutate(
      { id: section.id, body: { item_ids: ids } },
      {
        onSuccess: () => {
          notify.success(done);
          setAdding('');
          setError(null);
        },
        onError: (e) => {
          const field = isApiError(e) ? Object.values(e.fieldErrors)[0] : undefined;
          setError(field ?? errorMessage(e));
          notify.error(errorMessage(e, 'Could not save the pins'));
        },
      },
    );
  };
  return (
    <div className="mt-3 border-t border-border pt-3">
      <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Pinned {noun}s {items.length ? `(${items.length})` : '— none: Home shows the newest'}
      </p>
      {items.length ? (
        <ol className="mb-3 flex flex-col gap-1">
          {items.map((item, i) => (
            <li key={item.item_id} className="flex items-center gap-2 rounded-xl bg-muted/60 py-1 pr-1 pl-3 text-sm">
              <span className="min-w-0 flex-1 truncate">
                {item.title ?? 'Deleted'}
                {!item.is_visible ? <span className="ml-2 text-xs text-muted-foreground">(not shown)</span> : null}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${item.title ?? noun} up`}
                disabled={i === 0 || put.isPending}
                onClick={() => save(moveInArray(items, i, -1), 'Pins reordered')}
              >
                <Up />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${item.title ?? noun} down`}
                disabled={i === items.length - 1 || put.isPending}
                onClick={() => save(moveInArray(items, i, 1), 'Pins reordered')}
              >
                <Down />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Unpin ${item.title ?? noun}`}
                disabled={put.isPending}
                onClick={() =>
                  save(
                    items.filter((x) => x.item_id !== item.item_id),
                    'Unpinned',
                  )
                }
              >
                <XIcon className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const id = idFromInput(adding);
          if (!id) return setError(`Paste the ${noun}'s link or id`);
          save([...items.map((x) => x.item_id), id], 'Pinned');
        }}
      >
        <Input
          aria-label={`Pin a ${noun}: its link or id`}
          placeholder={`Pin a ${noun}: paste its link or id`}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" variant="outline" loading={put.isPending}>
          Pin
        </Button>
      </form>
      {error ? (
        <p className="mt-1 text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SectionDialog({ section, onClose }: { section: StaffHomeSection | 'new' | null; onClose: () => void }) {
  const open = section !== null;
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      {open ? (
        <DialogContent title={section === 'new' ? 'New section' : 'Rename section'}>
          <SectionForm
            key={section === 'new' ? 'new' : section.id}
            section={section === 'new' ? null : section}
            onDone={onClose}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SectionForm({ section, onDone }: { section: StaffHomeSection | null; onDone: () => void }) {
  const [title, setTitle] = useState(section?.title ?? '');
  const [type, setType] = useState<SectionType>(section?.section_type ?? 'task_carousel');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateHomeSection();
  const update = useUpdateHomeSection();
  const pending = create.isPending || update.isPending;
  const handlers = {
    onSuccess: () => {
      notify.success(section ? 'Section renamed' : 'Section added');
      onDone();
    },
    onError: (e: unknown) => {
      setError((isApiError(e) && e.fieldErrors.title) || null);
      notify.error(errorMessage(e, 'Could not save the section'));
    },
  };
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim()) return setError('Title is required');
        if (section) update.mutate({ id: section.id, body: { title: title.trim() } }, handlers);
        else create.mutate({ title: title.trim(), section_type: type, is_active: true }, handlers);
      }}
    >
      <FormField label="Title" required error={error}>
        <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      {section ? null : (
        <FormField label="Shows">
          <Select value={type} onChange={(e) => setType(e.target.value as SectionType)}>
            {(Object.keys(TYPE_LABEL) as SectionType[]).map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {section ? 'Save' : 'Add section'}
        </Button>
      </div>
    </form>
  );
}
