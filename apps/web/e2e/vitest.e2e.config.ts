import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    setupFiles: ['./fixtures/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the real server and browser do next; 1 s (vitest's default) is too short on a
    // loaded 2-core machine, where CI saw a MainButton set ~1 s after its perk loaded.
    expect: { poll: { timeout: 10_000 } },
    // One browser at a time keeps the 2-core machine responsive and timings realistic.
    fileParallelism: false,
    pool: 'forks',
  },
});
