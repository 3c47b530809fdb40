import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    setupFiles: ['./fixtures/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time keeps the 2-core machine responsive and timings realistic.
    fileParallelism: false,
    pool: 'forks',
  },
});
