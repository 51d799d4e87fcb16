// JavaScript a visitor downloads per route: starts the built product on spare ports, opens each
// route in Debian's Chromium, and for every script the page loaded (shell and remotes) measures
// the bytes the servers send to a client accepting only gzip, and to one accepting brotli too.
// Also reports whether chart.js was among them (it must be on chart screens, never on sign-in).
// Usage: node bench/bundle-size.mjs   (builds what is stale first)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { chromium } from '@playwright/test';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import { startProduct } from '../scripts/lib/product.mjs';

const BUDGET_LOGIN = 200 * 1024;
// Screens that draw charts: everything they load, chart.js included.
const BUDGET_CHARTS = 290 * 1024;
const base = Number(process.env.BENCH_PORT_BASE ?? 8500);
const remotePorts = { auth: base + 1, user: base + 2, brand: base + 3, advocate: base + 4 };
const manifest = Object.fromEntries(
  Object.entries(remotePorts).map(([area, port]) => [
    `remote_${area}`,
    `http://localhost:${port}/remoteEntry.js`,
  ]),
);

const ROUTES = [
  { path: '/auth/login', signedIn: false },
  { path: '/auth/signup', signedIn: false },
  { path: '/user/profile', signedIn: true },
  { path: '/brand/dashboard', signedIn: true, charts: true },
  { path: '/brand/insights', signedIn: true, charts: true },
  { path: '/brand/brands', signedIn: true },
  {
    path: '/advocate/dashboard',
    signedIn: true,
    account: { email: 'advocate@demo.test', password: 'Advocate123!' },
  },
  {
    path: '/advocate/insights',
    signedIn: true,
    account: { email: 'advocate@demo.test', password: 'Advocate123!' },
  },
];

/** Bytes on the wire for `url` when the client sends this Accept-Encoding. */
function transferSize(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

await ensureBuilt();
const product = await startProduct({
  port: base,
  remotePorts,
  env: {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-bundle-')),
    REMOTES_MANIFEST: JSON.stringify(manifest),
    LOG_LEVEL: 'warn',
  },
  quiet: true,
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const rows = [];
try {
  for (const route of ROUTES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        /* redirected or aborted */
      }
    });
    if (route.signedIn) {
      const account = route.account ?? { email: 'brand@demo.test', password: 'Brand123!' };
      await page.request.post(`${product.url}/api/v1/token/`, { data: account });
    }
    await page.goto(`${product.url}${route.path}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzipped = 0;
    let brotli = 0;
    let chartJs = false;
    for (const [url, body] of scripts) {
      raw += body.length;
      gzipped += await transferSize(url, 'gzip');
      brotli += await transferSize(url, 'br, gzip');
      // chart.js's own error text survives minification (its version banner does not).
      if (body.includes("can't acquire context from the given item")) chartJs = true;
    }
    const kb = (bytes) => +(bytes / 1024).toFixed(1);
    rows.push({
      route: route.path,
      scripts: scripts.size,
      rawKB: kb(raw),
      gzipKB: kb(gzipped),
      brotliKB: kb(brotli),
      chartJs,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}

console.table(rows);
const login = rows.find((row) => row.route === '/auth/login');
const ok = login.gzipKB * 1024 <= BUDGET_LOGIN && !login.chartJs;
console.log(
  `/auth/login: ${login.gzipKB} KB gzipped JS (budget ${BUDGET_LOGIN / 1024} KB), chart.js ${login.chartJs ? 'PRESENT' : 'absent'} → ${ok ? 'OK' : 'OVER BUDGET'}`,
);
let chartsOk = true;
for (const route of ROUTES.filter((r) => r.charts)) {
  const row = rows.find((r) => r.route === route.path);
  const fits = row.gzipKB * 1024 <= BUDGET_CHARTS && row.chartJs;
  chartsOk &&= fits;
  console.log(
    `${route.path}: ${row.gzipKB} KB gzipped JS with charts (budget ${BUDGET_CHARTS / 1024} KB), chart.js ${row.chartJs ? 'present' : 'ABSENT'} → ${fits ? 'OK' : 'OVER BUDGET'}`,
  );
}
process.exitCode = ok && chartsOk ? 0 : 1;
