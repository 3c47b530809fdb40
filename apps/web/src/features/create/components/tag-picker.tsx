import { useEffect, useId, useState } from 'react';
import { LIMITS } from '@wyn/contract';
import { CheckIcon, PlusIcon, SearchIcon, TagIcon, XIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { haptic } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useCreateTag } from '../api/create-tag';
import { useTags } from '../api/get-tags';
import type { TagRef } from '../lib/quest-form';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Search and toggle tags; "New tag" opens a dialog that really creates one. List at most 200 px high. */
export function TagPicker({ value, onChange }: { value: TagRef[]; onChange: (tags: TagRef[]) => void }) {
  const [search, setSearch] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const debounced = useDebounced(search, 250);
  const tags = useTags(debounced);
  const searchId = useId();
  const selected = new Set(value.map((t) => t.id));

  const toggle = (tag: TagRef) => {
    haptic.selection();
    onChange(selected.has(tag.id) ? value.filter((t) => t.id !== tag.id) : [...value, { id: tag.id, name: tag.name }]);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={searchId}>Tags</Label>
        <Button variant="link" size="sm" className="text-sm" onClick={() => setDialogOpen(true)}>
          <PlusIcon className="size-4" /> New tag
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {value.map((t) => (
            <li key={t.id}>
              <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-2.5 text-xs font-semibold text-primary dark:text-foreground">
                <span className="truncate">#{t.name}</span>
                <button
                  type="button"
                  className="relative touch-target rounded-full p-0.5 hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Remove tag ${t.name}`}
                  onClick={() => toggle(t)}
                >
                  <XIcon className="size-3.5" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={searchId}
          type="search"
          placeholder="Search tags"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div
        className="max-h-[200px] overflow-y-auto rounded-xl border border-border bg-card p-1"
        data-testid="tag-list"
        aria-busy={tags.isFetching || undefined}
      >
        {tags.isPending ? (
          <div className="flex justify-center p-3">
            <Spinner label="Loading tags" />
          </div>
        ) : tags.isError ? (
          <p className="p-3 text-sm text-muted-foreground">Couldn't load tags.</p>
        ) : tags.data.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">No tags found. Create one with “New tag”.</p>
        ) : (
          <ul aria-label="Tags">
            {tags.data.map((tag) => {
              const on = selected.has(tag.id);
              return (
                <li key={tag.id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(tag)}
                    className={cn(
                      'flex min-h-11 w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm hover:bg-muted active:bg-border focus-visible:outline-2 focus-visible:outline-ring',
                      on && 'font-semibold text-primary',
                    )}
                  >
                    <TagIcon className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                    {on ? <CheckIcon className="size-4 shrink-0" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <CreateTagDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        initialName={search}
        onCreated={(tag) => {
          if (!selected.has(tag.id)) onChange([...value, tag]);
        }}
      />
    </div>
  );
}

function CreateTagDialog({
  open,
  onOpenChange,
  initialName,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialName: string;
  onCreated: (tag: TagRef) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTag();

  useEffect(() => {
    if (open) {
      setName(initialName.trim().replace(/^#+/, ''));
      setError(null);
    }
  }, [open, initialName]);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Tag name is required');
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (tag) => {
        notify.success(`Tag "${tag.name}" created`);
        onCreated({ id: tag.id, name: tag.name });
        onOpenChange(false);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create a tag" description="Tags help members find your quest.">
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField label="Tag name" error={error} required>
            <Input
              value={name}
              maxLength={LIMITS.tagNameMax}
              autoFocus
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              placeholder="e.g. crypto"
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create tag
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
