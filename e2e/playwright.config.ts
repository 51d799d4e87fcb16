import { defineConfig } from '@playwright/test';
import { E2E_SHOP_HOST } from './shop-host';

// Debian's Chromium, never a downloaded browser. One worker: the suite owns one running product.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Share links may only lead to public host names, never to loopback addresses: the
        // journeys' "shop" is a name the browser resolves to this machine.
        `--host-resolver-rules=MAP ${E2E_SHOP_HOST} 127.0.0.1`,
      ],
    },
  },
});
