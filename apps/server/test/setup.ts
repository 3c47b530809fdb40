import { afterEach, vi } from 'vitest';
import { checkServerErrorWatches } from './server-error-watch.ts';

/** A test fails on an unexpected console.error (epic-stack habit). */
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`Unexpected console.error: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
/** A test fails on an error-level log line or a 5xx response it did not declare (test/server-error-watch.ts). */
afterEach(() => checkServerErrorWatches());
