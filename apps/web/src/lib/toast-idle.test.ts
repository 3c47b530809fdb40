import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

const { loadSonnerWhenIdle, useSonnerRequested } = await import('./toast');

afterEach(() => vi.useRealTimers());

describe('sonner without a toast', () => {
  it('loads a while after the page has loaded, so an error toast never waits on the network', () => {
    vi.useFakeTimers();
    const requested = renderHook(() => useSonnerRequested());
    const cancel = loadSonnerWhenIdle(4000);
    act(() => void vi.advanceTimersByTime(3900));
    expect(requested.result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(2500)); // past the delay and the idle callback's own timeout
    expect(requested.result.current).toBe(true);
    cancel();
  });
});
