import { defineConfig } from '@playwright/test';

// The cluster test (cluster/): three built API instances behind HAProxy on the local PostgreSQL
// and Redis, driven through HTTP only (no browser). One worker: the tests share one cluster and
// run in order. `npm run test:cluster -w e2e`.
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
