import { useEffect, useRef, useState } from 'react';
import { haptic } from '@/lib/telegram';
import type { ParticipationStatus } from '../types';

/** How long the celebration stays on screen. */
export const CELEBRATION_MS = 8000;

/**
 * True for a while after the member's participation became approved while the quest was on screen (the
 * creator approved it, or a check paid it, and the live stream brought the change: issue #14 item 15); a
 * success haptic marks the moment. A quest opened already approved celebrates nothing.
 */
export function useRewardCelebration(status: ParticipationStatus | null | undefined): boolean {
  const previous = useRef(status);
  const [celebrating, setCelebrating] = useState(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status !== 'approved' || before === 'approved' || before === undefined) return;
    setCelebrating(true);
    haptic.success();
    const t = setTimeout(() => setCelebrating(false), CELEBRATION_MS);
    return () => clearTimeout(t);
  }, [status]);
  return celebrating;
}
