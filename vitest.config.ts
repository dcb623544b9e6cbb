import { defineConfig } from 'vitest/config';

// One process pool, files in parallel up to the machine's two cores; each file gets its own database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // Several server processes on PostgreSQL + Redis: `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: ['**/node_modules/**', 'test/cluster/**'],
    setupFiles: ['test/setup/prototype-guard.ts'],
    // The browser tests (`*.e2e.test.ts`) drive the built admin app.
    globalSetup: ['test/setup/admin-build.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
