import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { ExploreFilter } from '@wyn/contract';
import { SlidersIcon, XIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { hasFilters, SORT_OPTIONS, type ExploreFilters, type ExploreTab } from '../lib/explore-params';

export interface FilterSheetValue {
  sort: string | null;
  filters: ExploreFilters;
}

/**
 * The filter button and its sheet (from the bottom on a phone, the right-hand side from 768 px): Sort by, the
 * dynamic filters of the tab (checkbox or radio), Reset and Apply Filters. Choices are a draft until applied.
 */
export function FilterSheet({
  tab,
  available,
  value,
  onApply,
}: {
  tab: ExploreTab;
  available: ExploreFilter[];
  value: FilterSheetValue;
  onApply: (value: FilterSheetValue) => void;
}) {
  const [open, setOpen] = useState(false);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [draft, setDraft] = useState<FilterSheetValue>(value);
  const sortOptions = SORT_OPTIONS[tab];
  const activeCount = Object.values(value.filters).reduce((n, v) => n + v.length, 0) + (value.sort ? 1 : 0);

  function openChange(next: boolean) {
    if (next) setDraft(value);
    setOpen(next);
  }

  function toggle(filter: ExploreFilter, optionValue: string, checked: boolean) {
    setDraft((d) => {
      const current = d.filters[filter.name] ?? [];
      const values =
        filter.filter_type === 'radio'
          ? checked
            ? [optionValue]
            : []
          : checked
            ? [...current, optionValue]
            : current.filter((v) => v !== optionValue);
      const filters = { ...d.filters, [filter.name]: values };
      if (!values.length) delete filters[filter.name];
      return { ...d, filters };
    });
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={openChange}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="md" className="relative shrink-0 px-3" data-testid="explore-filter-button">
          <SlidersIcon className="size-5" aria-hidden="true" />
          {/* Its name is what it shows ("Filters 2 active"); on a phone the word is read, not shown. */}
          <span className="sr-only sm:not-sr-only">Filters</span>
          {activeCount ? (
            <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-bold text-primary-foreground">
              {activeCount}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="explore-filter-sheet"
          data-side={desktop ? 'right' : 'bottom'}
          className={cn(
            'fixed z-50 flex flex-col bg-card shadow-2xl focus:outline-none data-[state=open]:animate-fade-in',
            // A phone's sheet rises from the bottom, within thumb reach (issue #14 item 20); wider screens keep
            // the right-hand side sheet.
            desktop
              ? 'inset-y-0 right-0 w-[88vw] max-w-sm border-l border-border'
              : 'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-3xl border-t border-border',
          )}
        >
          {desktop ? null : <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-border" />}
          <div
            className={cn(
              'flex items-center justify-between gap-4 border-b border-border px-5 pb-4',
              desktop ? 'pt-[max(1rem,var(--safe-top))]' : 'pt-3',
            )}
          >
            <DialogPrimitive.Title className="text-lg font-semibold">Filters</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="relative touch-target rounded-full p-1.5 text-muted-foreground hover:bg-muted active:bg-border"
              aria-label="Close"
            >
              <XIcon className="size-5" />
            </DialogPrimitive.Close>
          </div>

          <div className="flex-1 space-y-6 overflow-y-auto px-5 py-5">
            <fieldset>
              <legend className="mb-2.5 text-sm font-semibold">Sort by</legend>
              <div className="flex flex-col gap-1">
                {sortOptions.map((o, i) => {
                  const checked = (draft.sort ?? sortOptions[0]!.value) === o.value;
                  return (
                    <Choice
                      key={o.value}
                      type="radio"
                      name="explore-sort"
                      label={o.label}
                      checked={checked}
                      onChange={() => setDraft((d) => ({ ...d, sort: i === 0 ? null : o.value }))}
                    />
                  );
                })}
              </div>
            </fieldset>

            {available.map((f) =>
              f.options.length ? (
                <fieldset key={`${f.content_type}-${f.name}`}>
                  <legend className="mb-2.5 text-sm font-semibold">{f.display_name}</legend>
                  <div className="flex flex-col gap-1">
                    {f.options.map((o) => (
                      <Choice
                        key={o.value}
                        type={f.filter_type}
                        name={`explore-filter-${f.name}`}
                        label={o.label}
                        checked={(draft.filters[f.name] ?? []).includes(o.value)}
                        onChange={(checked) => toggle(f, o.value, checked)}
                        // A chosen radio option can be unchosen by clicking it again.
                        onClickChecked={f.filter_type === 'radio' ? () => toggle(f, o.value, false) : undefined}
                      />
                    ))}
                  </div>
                </fieldset>
              ) : null,
            )}
          </div>

          <div className="flex gap-3 border-t border-border px-5 pt-4 pb-[max(1rem,var(--safe-bottom))]">
            <Button
              variant="outline"
              className="flex-1"
              onClick={() => setDraft({ sort: null, filters: {} })}
              disabled={!draft.sort && !hasFilters(draft.filters)}
            >
              Reset
            </Button>
            <Button
              className="flex-1"
              onClick={() => {
                onApply(draft);
                setOpen(false);
              }}
            >
              Apply Filters
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function Choice({
  type,
  name,
  label,
  checked,
  onChange,
  onClickChecked,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onClickChecked?: () => void;
}) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm transition-colors hover:bg-muted',
        checked && 'bg-primary-soft/60 font-medium',
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        onClick={checked && onClickChecked ? onClickChecked : undefined}
        className="size-4 accent-[var(--color-primary)]"
      />
      {label}
    </label>
  );
}
