export interface RetryOptions {
  /** Total attempts including the first (default 3). */
  attempts?: number;
  /** Delay before the second attempt; doubles each time (default 1000 ms). */
  baseDelayMs?: number;
  factor?: number;
  /** Whether a failure is worth another attempt (default: always). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Generic retry helper: 3 attempts, 1 s doubling (docs/spec/01-signin-home-create.md §9). */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 3, baseDelayMs = 1000, factor = 2, shouldRetry = () => true, sleep: wait = sleep } = options;
  let delay = baseDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error, attempt)) throw error;
      await wait(delay);
      delay *= factor;
    }
  }
}
