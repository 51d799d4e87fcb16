import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { startProduct, type RunningProduct } from '../scripts/lib/product.mjs';
import {
  startFakeStripeApi,
  type FakeStripeApi,
} from '../server/src/features/integrations/stripe/fake-stripe-api';

/**
 * Ports away from a developer's `npm start` (8000-8004), so both can run at once;
 * E2E_PORT_BASE moves them so that two suites can run side by side.
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 8100);
export const PORTS = {
  server: portBase,
  auth: portBase + 1,
  user: portBase + 2,
  brand: portBase + 3,
  advocate: portBase + 4,
  spare: portBase + 11,
};
type Area = 'auth' | 'user' | 'brand' | 'advocate';

export type Product = RunningProduct & {
  dataDir: string;
  /** Rewrites the runtime manifest the shell reads; takes effect on the next page load. */
  pointRemote(area: Area, port: number): void;
};

function manifestFor(ports: Record<Area, number>) {
  return Object.fromEntries(
    (Object.keys(ports) as Area[]).map((area) => [
      `remote_${area}`,
      `http://localhost:${ports[area]}/remoteEntry.js`,
    ]),
  );
}

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

export const test = base.extend<
  { screenshotAt: (name: string) => Promise<void> },
  { product: Product; stripeApi: FakeStripeApi }
>({
  // A local stand-in for Stripe's API (STRIPE_API_BASE): a brand connecting with a restricted key
  // makes the product create its endpoint there, and the stand-in posts signed events to it.
  stripeApi: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stripeApi = await startFakeStripeApi({ now: () => new Date() });
      stripeApi.deliver = async (url, payload, signature) => {
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
      };
      await use(stripeApi);
      await stripeApi.close();
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ stripeApi }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'advocately-e2e-'));
      const manifestPath = join(dataDir, 'remotes.json');
      const ports: Record<Area, number> = {
        auth: PORTS.auth,
        user: PORTS.user,
        brand: PORTS.brand,
        advocate: PORTS.advocate,
      };
      writeFileSync(manifestPath, JSON.stringify(manifestFor(ports)));
      const running = await startProduct({
        port: PORTS.server,
        remotePorts: ports,
        env: {
          DATA_DIR: dataDir,
          REMOTES_MANIFEST: manifestPath,
          PUBLIC_URL: `http://localhost:${PORTS.server}`,
          // Journeys sign the same demo users in many times a minute; the limits themselves are
          // covered by the server suite.
          RATE_LIMIT_LOGIN_PER_IP: '1000',
          RATE_LIMIT_LOGIN_PER_IP_EMAIL: '1000',
          RATE_LIMIT_REGISTER_PER_IP: '1000',
          RATE_LIMIT_OTP_PER_IP: '1000',
          RATE_LIMIT_OTP_PER_EMAIL: '1000',
          // The webhooks journey's receiver listens on this machine (issue 25).
          WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
          STRIPE_API_BASE: stripeApi.base,
          LOG_LEVEL: 'warn',
        },
        quiet: true,
      });
      const product: Product = Object.assign(running, {
        dataDir,
        pointRemote(area: Area, port: number) {
          ports[area] = port;
          writeFileSync(manifestPath, JSON.stringify(manifestFor(ports)));
        },
      });
      await use(product);
      await product.stop();
    },
    // The first start seeds the demo data: minutes on a busy machine.
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ product }, use) => use(product.url),
  screenshotAt: async ({ page }, use) => {
    await use(async (name: string) => {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
    });
  },
});

export { expect };

/** Accepts the cookie banner so it does not cover what a test looks at. */
export async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible()) await accept.click();
}

/**
 * Screenshots of the current screen in light and dark theme, on a desktop and at 390 px, into
 * e2e/artifacts/<spec>-<name>-<theme>[-390].png. The theme follows the emulated system preference
 * live (nothing is stored), so the screen keeps its state between shots.
 */
export async function shootScreen(page: Page, name: string): Promise<void> {
  const info = test.info();
  // From the project's test dir rather than __dirname, which ES-module runs do not define.
  const artifacts = join(info.project.testDir, '..', 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  const spec = basename(info.file).replace(/\.spec\.ts$/, '');
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, suffix] of [
    [desktop.width, ''],
    [390, '-390'],
  ] as const) {
    await page.setViewportSize({ width, height: desktop.height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await page.screenshot({
        path: join(artifacts, `${spec}-${name}-${colorScheme}${suffix}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  await page.setViewportSize(desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Fails on any serious or critical axe-core violation on the current screen, naming each. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} (${n.failureSummary ?? ''})`).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
