import { describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry';

describe('withRetry', () => {
  it('tries 3 times with 1 s doubling', async () => {
    const sleeps: number[] = [];
    const fn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(withRetry(fn, { sleep: async (ms) => void sleeps.push(ms) })).rejects.toThrow('down');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
  });
  it('stops when shouldRetry says no', async () => {
    const fn = vi.fn().mockRejectedValue(new Error('4xx'));
    await expect(withRetry(fn, { shouldRetry: () => false, sleep: async () => {} })).rejects.toThrow('4xx');
    expect(fn).toHaveBeenCalledTimes(1);
  });
  it('returns the first success', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue('ok');
    await expect(withRetry(fn, { sleep: async () => {} })).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
