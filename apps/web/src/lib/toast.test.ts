import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  let n = 0;
  const make = () => vi.fn(() => `t${++n}`);
  return { toast: { success: make(), error: make(), info: make(), dismiss: vi.fn() } };
});
vi.mock('sonner', () => sonner);

const { notify, useSonnerRequested, useToastScope } = await import('./toast');

describe('sonner on demand', () => {
  it('is not loaded at start; the first toast loads it and mounts the Toaster', async () => {
    const requested = renderHook(() => useSonnerRequested());
    expect(requested.result.current).toBe(false);
    notify.info('Saved');
    await waitFor(() => expect(requested.result.current).toBe(true));
    await waitFor(() => expect(sonner.toast.info).toHaveBeenCalledWith('Saved', expect.anything()));
  });
});

describe('toasts of a scoped screen (issue #14 item 21)', () => {
  it('are dismissed when the screen closes, except those meant to outlive it', async () => {
    const screen = renderHook(() => useToastScope());
    notify.error('Channel verification failed');
    notify.info('Uploading…');
    notify.success('Quest created successfully!', { outlive: true });
    await waitFor(() => expect(sonner.toast.success).toHaveBeenCalledOnce());
    const [errorId] = sonner.toast.error.mock.results.map((r) => r.value as string);
    const [infoId] = sonner.toast.info.mock.results.map((r) => r.value as string);
    expect(sonner.toast.success.mock.calls[0]).toEqual([
      'Quest created successfully!',
      expect.not.objectContaining({ outlive: true }),
    ]);

    screen.unmount();
    await waitFor(() => expect(sonner.toast.dismiss).toHaveBeenCalledTimes(2));
    expect(sonner.toast.dismiss.mock.calls.map((c) => c[0])).toEqual([errorId, infoId]);
  });

  it('outside a scoped screen stay until they time out', async () => {
    sonner.toast.dismiss.mockClear();
    notify.error('Network error');
    await waitFor(() => expect(sonner.toast.error).toHaveBeenCalledWith('Network error', expect.anything()));
    expect(sonner.toast.dismiss).not.toHaveBeenCalled();
  });
});
