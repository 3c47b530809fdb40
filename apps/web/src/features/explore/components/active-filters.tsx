import type { ExploreFilter } from '@wyn/contract';
import { XIcon } from '@/components/icons';
import { SORT_OPTIONS, type ExploreState } from '../lib/explore-params';

/** The applied sort and filters as chips; each one removes itself. */
export function ActiveFilters({
  state,
  available,
  onChange,
}: {
  state: ExploreState;
  available: ExploreFilter[];
  onChange: (next: ExploreState) => void;
}) {
  const chips: Array<{ key: string; label: string; next: ExploreState }> = [];
  if (state.sort) {
    const sortLabel = SORT_OPTIONS[state.tab].find((o) => o.value === state.sort)?.label ?? state.sort;
    chips.push({ key: 'sort', label: `Sort: ${sortLabel}`, next: { ...state, sort: null, page: 1 } });
  }
  for (const [name, values] of Object.entries(state.filters)) {
    const def = available.find((f) => f.name === name);
    for (const value of values) {
      const option = def?.options.find((o) => o.value === value)?.label ?? value;
      const rest = values.filter((v) => v !== value);
      const filters = { ...state.filters, [name]: rest };
      if (!rest.length) delete filters[name];
      chips.push({
        key: `${name}:${value}`,
        label: def ? `${def.display_name}: ${option}` : option,
        next: { ...state, filters, page: 1 },
      });
    }
  }
  if (!chips.length) return null;
  return (
    <ul className="-mt-1 flex flex-wrap gap-2" aria-label="Applied filters" data-testid="explore-active-filters">
      {chips.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            onClick={() => onChange(c.next)}
            className="relative touch-target inline-flex h-8 items-center gap-1.5 rounded-full bg-primary-soft px-3 text-xs font-medium text-primary transition hover:bg-primary-soft/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:text-foreground"
            aria-label={`Remove ${c.label}`}
          >
            {c.label}
            <XIcon className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
