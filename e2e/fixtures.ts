import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { startProduct, type RunningProduct } from '../scripts/lib/product.mjs';

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
  { product: Product }
>({
  product: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
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
    { scope: 'worker', timeout: 180_000 },
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
