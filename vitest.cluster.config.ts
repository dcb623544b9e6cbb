import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: server processes on one PostgreSQL and one Redis behind a round-robin proxy.
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.cluster.test.ts'],
    setupFiles: ['test/setup/prototype-guard.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 1, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
