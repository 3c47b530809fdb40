import { useEffect, type RefObject } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { local } from '@/lib/storage';

/**
 * What Home's lists looked like last time on this device at this width: how many cards and how tall. The
 * placeholders take that count and height, so a returning member's Home does not move when the lists arrive
 * (docs/performance.md, CLS ≤ 0.05). Without a memory: two placeholder blocks per list (docs/spec/01-signin-home-create.md §9).
 */
type ListShape = { n: number; h: number };
type HomeShape = { w: number; quests?: ListShape; perks?: ListShape };
const SHAPE_KEY = 'wyn.home_shape';
const DEFAULT_COUNT = 2;
const viewportWidth = () => (typeof window === 'undefined' ? 0 : window.innerWidth);

function rememberedShape(list: 'quests' | 'perks'): ListShape | null {
  const shape = local.getJson<HomeShape>(SHAPE_KEY);
  const got = shape && shape.w === viewportWidth() ? shape[list] : undefined;
  return got && got.n > 0 && got.h > 0 ? got : null;
}

/**
 * Remembers a list's card count and height once it shows (and whenever they change). Measured after the browser
 * has painted the list, not in the commit that inserts it: reading its size there would force the page's style
 * and layout into the same task as the render (docs/performance.md, Web: total blocking time).
 */
export function useRememberListShape(list: 'quests' | 'perks', ref: RefObject<HTMLElement | null>, count: number) {
  useEffect(() => {
    if (count === 0) return;
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const w = viewportWidth();
      const h = Math.round(el.getBoundingClientRect().height);
      const shape = local.getJson<HomeShape>(SHAPE_KEY);
      const base: HomeShape = shape && shape.w === w ? shape : { w };
      if (base[list]?.n === count && base[list]?.h === h) return;
      local.setJson(SHAPE_KEY, { ...base, [list]: { n: count, h } });
    };
    // The frame that paints the list, then a task after it: the layout is the one the browser made anyway.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(measure, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [list, ref, count]);
}

export function QuestListSkeleton() {
  const shape = rememberedShape('quests');
  const n = shape?.n ?? DEFAULT_COUNT;
  return (
    <div
      className="flex flex-col gap-3"
      style={shape ? { height: shape.h } : undefined}
      data-testid="quests-loading"
      aria-busy="true"
      aria-label="Loading quests"
    >
      {Array.from({ length: n }, (_, i) => (
        <Skeleton
          key={i}
          className={shape ? 'min-h-0 flex-1 rounded-2xl' : 'h-[94px] rounded-2xl'}
          data-testid="skeleton"
        />
      ))}
    </div>
  );
}

/** In the loaded grid's columns. */
export function PerkGridSkeleton() {
  const shape = rememberedShape('perks');
  const n = shape?.n ?? DEFAULT_COUNT;
  return (
    <div
      className="grid auto-rows-fr grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3"
      style={shape ? { height: shape.h } : undefined}
      data-testid="perks-loading"
      aria-busy="true"
      aria-label="Loading perks"
    >
      {Array.from({ length: n }, (_, i) => (
        <Skeleton key={i} className={shape ? 'rounded-2xl' : 'aspect-[4/5] rounded-2xl'} data-testid="skeleton" />
      ))}
    </div>
  );
}

export function UserRowSkeleton() {
  return (
    <div className="flex gap-3" aria-busy="true" aria-label="Loading members">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-[150px] w-32 rounded-2xl" data-testid="skeleton" />
      ))}
    </div>
  );
}

export function BannerSkeleton() {
  return <Skeleton className="aspect-[16/9] w-full rounded-3xl sm:aspect-[21/9] lg:aspect-auto lg:h-72" />;
}
