import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParticipationStatus } from '../types';
import { CELEBRATION_MS, useRewardCelebration } from './use-reward-celebration';

afterEach(() => vi.useRealTimers());

describe('useRewardCelebration (issue #14 item 15)', () => {
  it('celebrates an approval that arrives while the quest is open, for a while', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ s }: { s: ParticipationStatus | null }) => useRewardCelebration(s), {
      initialProps: { s: 'pending' as ParticipationStatus | null },
    });
    expect(result.current).toBe(false);
    rerender({ s: 'approved' });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(CELEBRATION_MS));
    expect(result.current).toBe(false);
  });

  it('does not celebrate a quest opened already approved, nor a rejection', () => {
    const approved = renderHook(() => useRewardCelebration('approved'));
    expect(approved.result.current).toBe(false);
    const { result, rerender } = renderHook(({ s }: { s: ParticipationStatus }) => useRewardCelebration(s), {
      initialProps: { s: 'pending' as ParticipationStatus },
    });
    rerender({ s: 'rejected' });
    expect(result.current).toBe(false);
  });
});
