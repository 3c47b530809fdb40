import { useEffect, useRef } from 'react';
import { formatPoints } from '@/lib/format';
import { CoinIcon, SparklesIcon } from '@/components/icons';

/**
 * The reward, celebrated where the member is looking (issue #14 item 15): when it appears below the fold (a phone,
 * a long quest), it is brought into view, smoothly unless the member asked for reduced motion.
 */
export function RewardCelebration({ reward }: { reward: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.scrollIntoView !== 'function') return;
    const box = el.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, []);
  return (
    <div
      ref={ref}
      role="status"
      data-testid="reward-celebration"
      className="relative flex animate-fade-in scroll-my-24 items-center gap-3 overflow-hidden rounded-2xl border border-success/30 bg-success-soft p-4"
    >
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-card shadow-sm motion-safe:animate-bounce"
      >
        <CoinIcon className="size-7" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="flex items-center gap-1.5 font-semibold text-success">
          <SparklesIcon className="size-4" aria-hidden="true" /> Quest completed!
        </span>
        <span className="text-sm text-foreground">+{formatPoints(reward)} is in your wallet.</span>
      </span>
    </div>
  );
}
