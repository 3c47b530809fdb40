import type { ExploreCategory } from '@wyn/contract';
import { useCallback, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useStaffCategories } from '../api/get-categories';
import { updateCategory, useUpdateCategory } from '../api/update-category';
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
import { useSaveOrder } from '../lib/use-save-order';

const screen = STAFF_SCREENS.find((s) => s.key === 'categories')!;
type Kind = 'tasks' | 'perks';
const PAGE_SIZE = 25;

/**
 * Explore's categories, for quests and for perks separately: order, icon, texts, on/off. Searched by title and
 * paged; up/down moves within the page shown (not while searching, where neighbours on screen are not
 * neighbours in Explore).
 */
export default function CategoriesScreen() {
  useDocumentTitle('Staff · Categories');
  const [kind, setKind] = useState<Kind>('tasks');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const categories = useStaffCategories({ content_type: kind, page, page_size: PAGE_SIZE, ...(q ? { q } : {}) });
  const onSearch = useCallback((v: string) => {
    setQ(v);
    setPage(1);
  }, []);
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<ExploreCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExploreCategory | null>(null);

  const { moving, move } = useSaveOrder(
    (id, order) => updateCategory({ id, body: { order } }),
    () => categories.refetch(),
  );

  const orderColumn = (list: ExploreCategory[]): Column<ExploreCategory> => {
    // A later page numbers from its first item, so it stays after the pages before it.
    const base = page === 1 ? 0 : (list[0]?.order ?? 0);
    return {
      header: 'Order',
      cell: (c) => {
        const i = list.indexOf(c);
        return (
          <span className="inline-flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${c.title} up`}
              disabled={i === 0 || moving}
              onClick={() => void move(list, i, -1, base)}
            >
              <ChevronLeftIcon className="size-4 rotate-90" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${c.title} down`}
              disabled={i === list.length - 1 || moving}
              onClick={() => void move(list, i, 1, base)}
            >
              <ChevronRightIcon className="size-4 rotate-90" />
            </Button>
          </span>
        );
      },
    };
  };
  const columns = (list: ExploreCategory[]): Column<ExploreCategory>[] => [
    ...(q ? [] : [orderColumn(list)]),
    {
      header: 'Category',
      cell: (c) => (
        <span className="flex flex-col">
          <span className="font-medium">
            {c.icon ? <span className="mr-1.5">{c.icon}</span> : null}
            {c.title}
          </span>
          {c.description ? <span className="text-xs text-muted-foreground">{c.description}</span> : null}
        </span>
      ),
    },
    {
      header: 'Status',
      cell: (c) => <Badge variant={c.is_active ? 'success' : 'outline'}>{c.is_active ? 'Shown' : 'Hidden'}</Badge>,
    },
  ];

  return (
    <section>
      <ScreenHeader
        title={screen.label}
        description={screen.description}
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" /> New category
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Select
          aria-label="Categories of"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setPage(1);
          }}
          className="sm:w-56"
        >
          <option value="tasks">Quest categories</option>
          <option value="perks">Perk categories</option>
        </Select>
        <SearchBox label="Find a category" value={q} onSearch={onSearch} className="sm:w-72" />
      </div>
      {q ? <p className="mb-3 text-sm text-muted-foreground">Clear the search to change the order.</p> : null}
      <QueryState
        query={categories}
        isEmpty={(d) => d.count === 0}
        emptyTitle="No categories"
        emptyDescription={
          q ? 'No category matches this search.' : 'Explore shows none for this kind until you add one.'
        }
        loadingLabel="Loading categories"
      >
        {(data) => {
          const list = [...data.results].sort((a, b) => a.order - b.order);
          return (
            <>
              <DataTable
                label="Categories"
                rows={list}
                columns={columns(list)}
                rowKey={(c) => c.id}
                actions={(c) => (
                  <>
                    <Button variant="outline" size="sm" onClick={() => setEditing(c)} aria-label={`Edit ${c.title}`}>
                      Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        update.mutate(
                          { id: c.id, body: { is_active: !c.is_active } },
                          {
                            onSuccess: () => notify.success(c.is_active ? 'Category hidden' : 'Category shown'),
                            onError: (e) => notify.error(errorMessage(e, 'Could not change the category')),
                          },
                        )
                      }
                    >
                      {c.is_active ? 'Hide' : 'Show'}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(c)} aria-label={`Delete ${c.title}`}>
                      Delete
                    </Button>
                  </>
                )}
              />
              <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
            </>
          );
        }}
      </QueryState>

      <Dialog open={editing !== null} onOpenChange={(o) => (o ? undefined : setEditing(null))}>
        {editing !== null ? (
          <DialogContent title={editing === 'new' ? 'New category' : 'Edit category'}>
            <CategoryForm
              key={editing === 'new' ? 'new' : editing.id}
              category={editing === 'new' ? null : editing}
              kind={kind}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDeleteDialog
        item={deleting}
        noun="category"
        description={`"${deleting?.title}" leaves Explore. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function CategoryForm({
  category,
  kind,
  onDone,
}: {
  category: ExploreCategory | null;
  kind: Kind;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(category?.title ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [icon, setIcon] = useState(category?.icon ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const pending = create.isPending || update.isPending;
  const handlers = {
    onSuccess: () => {
      notify.success(category ? 'Category saved' : 'Category added');
      onDone();
    },
    onError: (e: unknown) => {
      if (isApiError(e)) setErrors(e.fieldErrors);
      notify.error(errorMessage(e, 'Could not save the category'));
    },
  };
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim()) return setErrors({ title: 'Title is required' });
        const body = { title: title.trim(), description: description.trim(), icon: icon.trim() };
        if (category) update.mutate({ id: category.id, body }, handlers);
        else create.mutate({ ...body, content_type: kind, filter_criteria: {}, is_active: true }, handlers);
      }}
    >
      <FormField label="Title" required error={errors.title}>
        <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField label="Icon" error={errors.icon} hint="An emoji or an icon name, shown beside the title">
        <Input value={icon} maxLength={64} onChange={(e) => setIcon(e.target.value)} />
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Textarea rows={2} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {category ? 'Save' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}
