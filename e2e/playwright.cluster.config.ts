import { defineConfig } from '@playwright/test';

// The cluster tests (cluster/): three built API instances behind HAProxy, driven through HTTP only
// (no browser): cluster.spec.ts on a database of the local PostgreSQL and a Redis of its own,
// chaos.spec.ts on a PostgreSQL, replica and Redis of its own, which it stops. One worker: the
// tests of a file share one cluster and run in order. `npm run test:cluster -w e2e`.
export default defineConfig({
  testDir: './cluster',
  globalSetup: './cluster/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results/cluster',
});
