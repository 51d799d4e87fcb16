import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clicks } from '../../db/schema.js';
import type { TrustProxy } from '../../lib/client-address.js';
import {
  brandWorld,
  buildTestApp,
  callApi,
  createBrandAs,
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { trafficSource, deviceClass, isBot } from './visitor.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/604.1';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

async function linkTo(productUrl: string): Promise<string> {
  const product = await createProductAs(t, w.owner, w.brandId, { product_url: productUrl });
  const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
  return (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
}

const visit = (
  code: string,
  headers: Record<string, string> = {},
  extra: { method?: 'GET' | 'HEAD'; remoteAddress?: string; query?: string } = {},
) =>
  t.app.inject({
    method: extra.method ?? 'GET',
    url: `/r/${code}${extra.query ?? ''}`,
    headers: { 'user-agent': CHROME, ...headers },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });

async function storedClicks() {
  await t.app.deps.clicks.flush();
  return db.handle.db.select().from(clicks).orderBy(clicks.createdAt, clicks.clickId);
}

describe('GET /r/{code}', () => {
  it('302 to the product URL with via and cid, keeping its query and fragment', async () => {
    const code = await linkTo('https://shop.example/p?color=red&size=M%20L#reviews');
    const res = await visit(code);
    assert.equal(res.statusCode, 302);
    const location = String(res.headers.location);
    const match =
      /^https:\/\/shop\.example\/p\?color=red&size=M%20L&via=([^&]+)&cid=([0-9a-z]{9}[A-Za-z0-9_-]{16})#reviews$/.exec(
        location,
      );
    assert.ok(match, location);
    assert.equal(match[1], code);
    assert.equal(res.headers['cache-control'], 'private, no-store');
    const [click] = await storedClicks();
    assert.equal(click.clickId, match[2], 'the click id in the URL is the stored one');

    const plain = await linkTo('https://shop.example/plain');
    assert.match(
      String((await visit(plain)).headers.location),
      /^https:\/\/shop\.example\/plain\?via=[A-Za-z0-9_-]{16}&cid=[0-9a-z]{9}[A-Za-z0-9_-]{16}$/,
    );
    const trailing = await linkTo('https://shop.example/q?');
    assert.match(
      String((await visit(trailing)).headers.location),
      /^https:\/\/shop\.example\/q\?via=/,
    );
  });

  it("a campaign without products leads to the campaign's product_url", async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      product_url: 'https://shop.example/all#top',
    });
    const code = (await joinAs(t, w.advocate, campaign)).get(null) ?? assert.fail('no link');
    assert.match(
      String((await visit(code)).headers.location),
      /^https:\/\/shop\.example\/all\?via=.+&cid=.+#top$/,
    );
  });

  it('records time, ids, source, referrer host, device and a visitor hash', async () => {
    const code = await linkTo('https://shop.example/p');
    // A second apart, so the stored clicks read back in visiting order.
    const visitThenWait = async (...args: Parameters<typeof visit>) => {
      await visit(...args);
      t.clock.advance(1000);
    };
    await visitThenWait(code, { referer: 'https://t.co/abc' });
    await visitThenWait(code, {
      'user-agent': IPHONE,
      referer: 'https://mail.google.com/mail/u/0',
    });
    await visitThenWait(code, { 'user-agent': IPAD }, { query: '?utm_source=newsletter' });
    await visitThenWait(code, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0',
      referer: 'https://blog.example/post',
    });
    await visitThenWait(code, { 'user-agent': 'Mozilla/5.0 (Macintosh) Safari/605' });
    const rows = await storedClicks();
    assert.deepEqual(
      rows.map((r) => [r.source, r.referrerHost, r.device]),
      [
        ['social', 't.co', 'desktop'],
        ['email', 'mail.google.com', 'mobile'],
        ['email', null, 'tablet'],
        ['others', 'blog.example', 'desktop'],
        ['direct', null, 'desktop'],
      ],
    );
    const [link] = rows;
    assert.equal(link.advocateId, w.advocate.id);
    assert.equal(link.brandId, w.brandId);
    assert.equal(link.createdAt.toISOString(), '2030-01-01T12:00:00.000Z');
    assert.match(link.visitorHash, /^[0-9a-f]{32}$/);
    assert.equal(new Set(rows.map((r) => r.visitorHash)).size, 5);
  });

  it('HEAD requests and bots are redirected but not counted', async () => {
    const code = await linkTo('https://shop.example/p');
    const head = await visit(code, {}, { method: 'HEAD' });
    assert.equal(head.statusCode, 302);
    assert.match(String(head.headers.location), /via=/);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'Slackbot-LinkExpanding 1.0',
      '',
    ]) {
      const res = await visit(code, { 'user-agent': agent });
      assert.equal(res.statusCode, 302, agent);
    }
    assert.deepEqual(await storedClicks(), []);
  });

  it('the same visitor counts once per hour (and gets the same click id back)', async () => {
    const code = await linkTo('https://shop.example/p');
    const first = String((await visit(code)).headers.location);
    t.clock.advance(59 * 60 * 1000);
    const second = String((await visit(code)).headers.location);
    assert.equal(second, first);
    assert.equal((await storedClicks()).length, 1);
    await visit(code, {}, { remoteAddress: '198.51.100.9' });
    await visit(code, { 'user-agent': IPHONE });
    assert.equal((await storedClicks()).length, 3, 'another IP or browser is another visitor');
    // The hour runs from the counted click; the repeat visit at 59 minutes did not extend it.
    t.clock.advance(2 * 60 * 1000);
    assert.notEqual(String((await visit(code)).headers.location), first);
    assert.equal((await storedClicks()).length, 4, 'an hour after its click it counts again');
  });

  it('never stores the raw IP', async () => {
    const code = await linkTo('https://shop.example/p');
    await visit(code, {}, { remoteAddress: '203.0.113.77' });
    const rows = await storedClicks();
    assert.equal(rows.length, 1);
    const everything = JSON.stringify(await db.handle.db.execute('select * from clicks'));
    assert.ok(everything.includes(rows[0].visitorHash), 'the scan sees the row');
    assert.doesNotMatch(everything, /203\.0\.113\.77/);
  });

  it('unknown and malformed codes: a 404 HTML page linking home', async () => {
    for (const code of ['AAAAAAAAAAAAAAAA', 'short', '%3Cscript%3E', 'x'.repeat(90)]) {
      const res = await visit(code);
      assert.equal(res.statusCode, 404, code);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /This link is not valid/);
      assert.match(res.body, /href="\/"/);
    }
  });

  it('a link that cannot be looked up (database failing) gets a 503 page to try again', async () => {
    const { shareLinks } = t.app.deps;
    shareLinks.resolve = () => Promise.reject(new Error('connection lost'));
    const res = await visit('AAAAAAAAAAAAAAAA');
    assert.equal(res.statusCode, 503);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /This link is unavailable right now/);
  });

  it("links of a paused, cancelled or deleted campaign lead to the brand's site, uncounted; edits reach the cache", async () => {
    const brand = await createBrandAs(t, w.owner, {
      brand_name: 'With site',
      website_url: 'https://brand.example/',
    });
    const product = await createProductAs(t, w.owner, brand, {
      product_url: 'https://shop.example/a',
    });
    const campaign = await createCampaignAs(t, w.owner, brand, { product_ids: [product] });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
    const edit = async (method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await callApi(t, method, url, w.owner, payload);
      assert.ok(res.statusCode < 300, res.body);
      // What the poller does every couple of seconds on every instance.
      await t.app.deps.shareLinks.refreshIfChanged();
    };
    const location = async () => String((await visit(code)).headers.location);

    assert.match(await location(), /^https:\/\/shop\.example\/a\?via=/);
    await edit('PUT', `product/${product}/update/`, {
      name: 'Sneaker',
      price: 10,
      currency: 'USD',
      status: 'active',
      product_url: 'https://shop.example/b',
    });
    assert.match(await location(), /^https:\/\/shop\.example\/b\?via=/, 'the edit is live');

    for (const status of ['inactive', 'cancelled', 'completed']) {
      await edit('PATCH', `campaign/update/${campaign}/`, { status });
      const res = await visit(code, {}, { remoteAddress: `203.0.113.${status.length}` });
      assert.equal(res.statusCode, 302, status);
      assert.equal(res.headers.location, 'https://brand.example/', status);
    }
    await edit('PATCH', `campaign/update/${campaign}/`, { status: 'active' });
    assert.match(await location(), /^https:\/\/shop\.example\/b\?via=/, 'active again');
    await edit('DELETE', `campaign/delete/${campaign}/`);
    assert.equal(await location(), 'https://brand.example/');
    assert.equal((await storedClicks()).length, 1, 'only the first visit (one visitor) counted');
  });

  it('a campaign whose duration ran out counts nothing; without a brand site, a page says so', async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      product_ids: [product],
      duration: 1,
    });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
    assert.equal((await visit(code)).statusCode, 302);
    t.clock.advance(24 * 3600 * 1000);
    const ended = await visit(code, {}, { remoteAddress: '203.0.113.9' });
    assert.equal(ended.statusCode, 410);
    assert.match(ended.body, /This offer has ended/);
    assert.equal((await storedClicks()).length, 1);
  });

  it('behind a load balancer, the same visitor counts once across instances (with REDIS_URL)', async () => {
    const shared = Boolean(process.env.TEST_REDIS_URL);
    const prefix = `test-window-${Math.random().toString(36).slice(2)}:`;
    const [a, b] = [
      await buildTestApp(db, { redisPrefix: prefix }),
      await buildTestApp(db, { redisPrefix: prefix }),
    ];
    const code = await linkTo('https://shop.example/shared');
    const through = async (instance: TestApp) => {
      const res = await instance.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        headers: { 'user-agent': CHROME },
        remoteAddress: '198.51.100.7',
      });
      assert.equal(res.statusCode, 302);
      return new URL(String(res.headers.location)).searchParams.get('cid');
    };
    const first = await through(a);
    const second = await through(b);
    const again = await through(a);
    assert.equal(again, first, 'a repeat on the same instance gets its click id back');
    await a.app.deps.clicks.flush();
    await b.app.deps.clicks.flush();
    const stored = await db.handle.db.select().from(clicks);
    if (shared) {
      // Redis holds the window: the second instance knew the visitor and gave the same click id.
      assert.equal(second, first);
      assert.equal(stored.length, 1);
    } else {
      // Without Redis each instance keeps its own window (one instance is the default).
      assert.notEqual(second, first);
      assert.equal(stored.length, 2);
    }
  });

  it('buffers clicks: written in batches, the rest on app.close()', async () => {
    const code = await linkTo('https://shop.example/p');
    await t.app.close();
    t = await buildTestApp(db, { clickBatchSize: 3 });
    for (const ip of ['10.0.0.1', '10.0.0.2']) await visit(code, {}, { remoteAddress: ip });
    assert.equal((await db.handle.db.select().from(clicks)).length, 0, 'nothing written per click');
    await visit(code, {}, { remoteAddress: '10.0.0.3' });
    await t.app.deps.clicks.flush(); // waits for the batch the third click started
    assert.equal((await db.handle.db.select().from(clicks)).length, 3, 'a full batch is written');
    for (const ip of ['10.0.0.4', '10.0.0.5']) await visit(code, {}, { remoteAddress: ip });
    assert.equal(t.app.deps.clicks.pending, 2);
    await t.app.close();
    assert.equal((await db.handle.db.select().from(clicks)).length, 5, 'close() writes the rest');
  });
});

describe('GET /r/{code} on a listening server (answered before Fastify routes it)', () => {
  /** Starts `app` on a free port and returns a fetch that never follows redirects. */
  async function listening(app: TestApp['app']) {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
      fetch(`${base}${path}`, {
        redirect: 'manual',
        method: init.method ?? 'GET',
        headers: { 'user-agent': CHROME, ...init.headers },
      });
  }

  it('redirects and counts as through the route; other paths stay with Fastify', async () => {
    const code = await linkTo('https://shop.example/p?x=1#top');
    const get = await listening(t.app);
    try {
      const res = await get(`/r/${code}/?utm_source=newsletter`);
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('cache-control'), 'private, no-store');
      const location = String(res.headers.get('location'));
      const cid = new RegExp(
        `^https://shop\\.example/p\\?x=1&via=${code}&cid=([0-9a-z]{9}[A-Za-z0-9_-]{16})#top$`,
      ).exec(location)?.[1];
      assert.ok(cid, location);
      const head = await get(`/r/${code}`, { method: 'HEAD', headers: { 'user-agent': IPHONE } });
      assert.equal(head.status, 302, 'HEAD is redirected');
      const stored = await storedClicks();
      assert.deepEqual(
        stored.map((c) => [c.clickId, c.source, c.device]),
        [[cid, 'email', 'desktop']],
        'one click, tagged by utm_source; HEAD not counted',
      );

      const unknown = await get('/r/AAAAAAAAAAAAAAAA');
      assert.equal(unknown.status, 404);
      assert.match(String(unknown.headers.get('content-type')), /^text\/html/);
      assert.match(await unknown.text(), /This link is not valid/);
      const nested = await get(`/r/${code}/more`);
      assert.equal(nested.status, 404);
      assert.deepEqual(await nested.json(), { detail: 'Not found' }, "Fastify's not-found answer");
      assert.equal((await get('/api/v1/health/')).status, 200);
    } finally {
      await t.app.close();
    }
  });

  it('tells visitors apart by X-Forwarded-For only behind a trusted proxy (TRUST_PROXY)', async () => {
    // Behind one proxy that appends (HAProxy's option forwardfor), the client's own header stays
    // on the left: '198.51.100.x, 203.0.113.1' is the client 203.0.113.1 whatever it forged.
    const forwarded = [
      '203.0.113.1',
      '198.51.100.7, 203.0.113.1',
      '198.51.100.8, 203.0.113.1',
      '203.0.113.2',
    ];
    const settings: TrustProxy[] = [false, 1, ['127.0.0.1']];
    for (const trustProxy of settings) {
      await t.app.close();
      await db.truncate();
      w = await brandWorld((t = await buildTestApp(db, { trustProxy })), db);
      const linked = await linkTo('https://shop.example/p');
      const get = await listening(t.app);
      try {
        // A repeat visit gets its counted click's id: one id per counted visitor. (Read from the
        // replies, not the table, which an earlier test's app may still flush into.)
        const clickIds = new Set<string | null>();
        for (const ip of forwarded) {
          const res = await get(`/r/${linked}`, { headers: { 'x-forwarded-for': ip } });
          assert.equal(res.status, 302);
          clickIds.add(new URL(res.headers.get('location') ?? '').searchParams.get('cid'));
        }
        assert.equal(
          clickIds.size,
          trustProxy === false ? 1 : 2,
          `trustProxy ${String(trustProxy)}`,
        );
      } finally {
        await t.app.close();
      }
    }
  });
});

describe('visitor classification', () => {
  it('bots, devices and sources', () => {
    assert.equal(isBot(CHROME), false);
    assert.equal(isBot(undefined), true);
    assert.equal(isBot('Twitterbot/1.0'), true);
    assert.equal(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari'), 'mobile');
    assert.equal(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X700) Safari'), 'tablet');
    assert.equal(trafficSource('Instagram', null), 'social');
    assert.equal(trafficSource('partner-site', 'www.facebook.com'), 'others');
    assert.equal(trafficSource(undefined, 'l.facebook.com'), 'social');
    assert.equal(trafficSource(undefined, 'outlook.live.com'), 'email');
    assert.equal(trafficSource(undefined, null), 'direct');
  });
});
