// Lighthouse on the pages a visitor meets first, with the budgets the product holds itself to.
// Starts the built product (as `npm start` does) on spare ports, opens Debian's Chromium through
// puppeteer-core (never a downloaded browser), signs in with the demo accounts for the workspace
// pages, and runs Lighthouse's default mobile preset (simulated slow 4G and a 4× slower CPU)
// several times per page. Prints the median of each category and of CLS, LCP and TBT, and exits
// non-zero when a median misses its budget.
// Usage: node bench/lighthouse.mjs [--runs 3] [--only /auth/login] [--out /tmp/lighthouse]
//          [--url http://localhost:8000]   (measure a product already running there instead)
//   (builds what is stale first; run it under `flock /tmp/build.lock` in a shared checkout)
// Simulated throttling still multiplies the CPU time this machine observed: on a loaded machine
// TBT and Performance come out worse, so note the load average next to the figures.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import { startProduct } from '../scripts/lib/product.mjs';
import { freePort } from './lib-server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string' },
    url: { type: 'string' },
  },
});
const RUNS = Number(args.runs);

/** Scores are Lighthouse's 0–100; CLS is unitless, LCP and TBT in milliseconds. */
const BUDGETS = {
  performance: { min: 90 },
  accessibility: { min: 100 },
  'best-practices': { min: 95 },
  seo: { min: 95 },
  cls: { max: 0.1 },
  lcp: { max: 2500 },
};

const BRAND = { email: 'brand@demo.test', password: 'Brand123!' };
const ADVOCATE = { email: 'advocate@demo.test', password: 'Advocate123!' };
const PAGES = [
  { path: '/auth/login' },
  { path: '/auth/signup' },
  // The demo accounts come with ninety days of activity, so these dashboards draw real data.
  { path: '/brand/dashboard', account: BRAND },
  { path: '/advocate/dashboard', account: ADVOCATE },
].filter((page) => !args.only || page.path === args.only);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Signs the browser context in the way a returning user is: the server's refresh and signed_in
 * cookies from POST token/, and the readable access-token cookie the page itself keeps for the
 * token's hour, so the measured load is a reload within that hour.
 */
async function signIn(page, origin, account) {
  await page.goto(`${origin}/robots.txt`);
  const access = await page.evaluate(async (credentials) => {
    const response = await fetch('/api/v1/token/', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    return response.ok ? (await response.json()).access : null;
  }, account);
  if (!access) throw new Error(`could not sign in as ${account.email}`);
  await page.browserContext().setCookie({
    name: 'access_token',
    value: access,
    domain: new URL(origin).hostname,
    path: '/',
    expires: Math.floor(Date.now() / 1000) + 3600,
    sameSite: 'Lax',
  });
}

/** One Lighthouse run of `url` in a fresh browser context (no cache, no cookies but the session's). */
async function audit(browser, origin, target) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (target.account) await signIn(page, origin, target.account);
    const result = await lighthouse(
      `${origin}${target.path}`,
      { output: 'json', logLevel: 'error' },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.message}`);
    // A signed-in page that ends on the login form measured the wrong screen.
    if (target.account && new URL(lhr.finalDisplayedUrl).pathname !== target.path)
      throw new Error(`${target.path} ended at ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await context.close();
  }
}

/** The figures the budgets read, from one report. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
  };
}

/** Audits that cost a category points in a report, for a failing budget's explanation. */
function findings(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

/** The product under test: the one at --url, or the builds started here on spare ports. */
async function productUnderTest() {
  if (args.url) return { url: args.url.replace(/\/$/, ''), stop: async () => undefined };
  await ensureBuilt();
  const [port, ...remote] = await Promise.all([0, 1, 2, 3, 4].map(() => freePort()));
  const remotePorts = { auth: remote[0], user: remote[1], brand: remote[2], advocate: remote[3] };
  return startProduct({
    port,
    remotePorts,
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-lighthouse-')),
      REMOTES_MANIFEST: JSON.stringify(
        Object.fromEntries(
          Object.entries(remotePorts).map(([area, p]) => [
            `remote_${area}`,
            `http://localhost:${p}/remoteEntry.js`,
          ]),
        ),
      ),
      LOG_LEVEL: 'warn',
    },
    quiet: true,
  });
}

const product = await productUnderTest();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
});
if (args.out) mkdirSync(args.out, { recursive: true });

const rows = [];
const failures = [];
const loadBefore = loadavg()[0];
try {
  for (const target of PAGES) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await audit(browser, product.url, target);
      runs.push({ lhr, figures: figures(lhr) });
      const f = runs.at(-1).figures;
      console.log(
        `${target.path} run ${run}: perf ${f.performance}, a11y ${f.accessibility}, bp ${f['best-practices']}, seo ${f.seo}, CLS ${f.cls}, LCP ${f.lcp} ms, TBT ${f.tbt} ms (load ${loadavg()[0].toFixed(1)})`,
      );
      if (args.out) {
        const name = `${target.path.slice(1).replaceAll('/', '-')}-${run}.json`;
        writeFileSync(join(args.out, name), JSON.stringify(lhr));
      }
    }
    const row = { page: target.path };
    for (const key of Object.keys(runs[0].figures))
      row[key] = median(runs.map((r) => r.figures[key]));
    rows.push(row);
    for (const [key, budget] of Object.entries(BUDGETS)) {
      const value = row[key];
      const fails = budget.min !== undefined ? value < budget.min : value > budget.max;
      if (!fails) continue;
      // Explain with the run closest to the median.
      const closest = runs.reduce((best, r) =>
        Math.abs(r.figures[key] - value) < Math.abs(best.figures[key] - value) ? r : best,
      );
      const category = key in closest.lhr.categories ? key : 'performance';
      failures.push(
        `${target.path}: ${key} ${value} (budget ${budget.min !== undefined ? `≥ ${budget.min}` : `≤ ${budget.max}`})` +
          `\n    ${findings(closest.lhr, category).join('\n    ')}`,
      );
    }
  }
} finally {
  await browser.close();
  await product.stop();
}

console.log(`\nMedian of ${RUNS} runs, Lighthouse ${rows.length ? 'mobile preset' : ''}`);
console.table(rows);
console.log(
  `Load average (1 min): ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
);
if (failures.length) {
  console.log(`\nOVER BUDGET:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('All budgets hold.');
}
