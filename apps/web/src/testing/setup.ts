import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { server } from './msw/server';

// A request no handler answers is an error (printed through console.error, so the test fails below).
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** Any console.error during a test fails it (React warnings, act() warnings, unexpected errors). */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  localStorage.clear();
  sessionStorage.clear();
  if (calls.length > 0) {
    const text = calls
      .map((args) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '))
      .join('\n');
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});

// jsdom lacks matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
