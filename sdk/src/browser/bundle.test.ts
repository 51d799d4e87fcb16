/**
 * The built page script (what /sdk/v1.js serves), run as a browser runs it.
 * @jest-environment ../jest.environment.js
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { conversionReply } from '../test/fakeFetch';
import type { AdvocatelyApi } from './advocately';

const GZIP_BUDGET_BYTES = 4096;
let code: string;

beforeAll(() => {
  // Built into a temporary folder, so a test run never races a real build writing dist/v1.js.
  const dir = mkdtempSync(join(tmpdir(), 'sdk-bundle-'));
  try {
    const outfile = join(dir, 'v1.js');
    const log = execFileSync(
      process.execPath,
      [join(__dirname, '../../scripts/build.mjs'), '--outfile', outfile],
      {
        encoding: 'utf8',
      },
    );
    process.stdout.write(log);
    code = readFileSync(outfile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

afterEach(() => {
  for (const name of ['adv_via', 'adv_cid']) document.cookie = `${name}=; max-age=0; path=/`;
  document.querySelectorAll('script').forEach((script) => script.remove());
  delete window.Advocately;
  jest.restoreAllMocks();
});

it('stays under 4 KB gzipped', () => {
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`sdk/dist/v1.js: ${code.length} B, ${gzipped} B gzipped`);
  expect(gzipped).toBeGreaterThan(0);
  expect(gzipped).toBeLessThan(GZIP_BUDGET_BYTES);
});

it('is a self-contained ES2018 IIFE (no module syntax the script tag could not run)', () => {
  expect(code).not.toMatch(/\bimport\s*[{*("']|\bexport\s/);
  expect(code).not.toContain('?.'); // optional chaining is ES2020
  expect(code).not.toContain('??');
});

it('remembers the share link and reports a conversion when loaded by a script tag', async () => {
  window.history.replaceState(null, '', '/landing?via=abcdefghij&cid=click-1');
  const fetchSpy = jest
    .spyOn(window, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(conversionReply), { status: 201 }));

  // jsdom runs the inline script for real, with document.currentScript set to this tag.
  const script = document.createElement('script');
  script.setAttribute('data-key', 'pk_live_publishable');
  script.textContent = code;
  document.body.appendChild(script);

  const api = window.Advocately as AdvocatelyApi;
  expect(api.getVia()).toBe('abcdefghij');
  expect(document.cookie).toContain('adv_cid=click-1');

  await expect(api.trackConversion({ conversionRef: 'order-1' })).resolves.toEqual(conversionReply);
  const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
  // An inlined copy has no src: the page's own origin is the fallback endpoint.
  expect(url).toBe('http://localhost/api/v1/sdk-log-conversion/');
  expect(init.headers).toMatchObject({
    Authorization: 'Bearer pk_live_publishable',
    'X-SDK-Version': '1.0.1',
  });
  expect(JSON.parse(init.body as string)).toMatchObject({
    conversionRef: 'order-1',
    via: 'abcdefghij',
    clickId: 'click-1',
  });
});

it('posts to the origin it was served from, read from document.currentScript', async () => {
  window.history.replaceState(null, '', '/checkout');
  const fetchSpy = jest
    .spyOn(window, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(conversionReply), { status: 201 }));
  // jsdom does not fetch external scripts, so do what a browser does while running
  // <script src="https://app.test/sdk/v1.js" data-key=...>: point currentScript at the tag.
  const script = document.createElement('script');
  script.setAttribute('src', 'https://app.test/sdk/v1.js');
  script.setAttribute('data-key', 'pk_live_served');
  jest.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  new Function(code)();

  await (window.Advocately as AdvocatelyApi).trackConversion({ conversionRef: 'order-2' });
  const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('https://app.test/api/v1/sdk-log-conversion/');
  expect(init.headers).toMatchObject({ Authorization: 'Bearer pk_live_served' });
});
