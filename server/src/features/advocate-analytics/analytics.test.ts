// Every statistics call against a brute-force computation over the raw events, and who may call
// them. The events go through the real redirect and conversion endpoints (so the rollups are
// maintained as in production); the expected figures are recomputed here from the clicks and
// conversions tables and the redirects this test made.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { AdvocateCampaignRef, AdvocateRecord, Payment, PlatformRow, SeriesPoint, Stats } from 'contract';
import {
  actor,
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  signIn,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { adjustConversionRollups } from '../rollups/maintain.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE = 60_000;
const TYPES = ['purchase', 'subscription', 'signup', 'subscription_created', 'subscription_renewal'] as const;
const CURRENCIES = ['USD', 'USD', 'EUR', 'NGN'] as const;
const REFERERS = [undefined, 'https://www.instagram.com/p/1', 'https://mail.google.com/', 'https://blog.example.org/x'];

interface Impression {
  at: number;
  brandId: number;
  advocateId: number;
}

/**
 * Random clicks, repeat visits, bots, HEADs, conversions (some rejected) on two brands, over ~5
 * weeks (so 90-day ranges read whole UTC months of the month rollups).
 */
async function randomActivity(seed: number) {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const second = await actor(t, db, { roles: ['advocate'] });
  const usd = await createProductAs(t, w.owner, w.brandId, { currency: 'USD' });
  await createProductAs(t, w.owner, w.brandId, { currency: 'USD', name: 'Other' });
  const eur = await createProductAs(t, w.other, w.otherBrandId, { currency: 'EUR' });
  const c1 = await createCampaignAs(t, w.owner, w.brandId, { title: 'Spring', product_ids: [usd] });
  const c2 = await createCampaignAs(t, w.owner, w.brandId, { title: 'Summer', product_url: 'https://shop.example/summer' });
  const c3 = await createCampaignAs(t, w.other, w.otherBrandId, { title: 'Elsewhere', product_ids: [eur] });
  const links: { code: string; brandId: number; advocateId: number }[] = [];
  for (const [who, campaigns] of [
    [w.advocate, [c1, c2, c3]],
    [second, [c1]],
  ] as const) {
    for (const campaign of campaigns) {
      for (const code of (await joinAs(t, who, campaign)).values())
        links.push({ code, brandId: campaign === c3 ? w.otherBrandId : w.brandId, advocateId: who.id });
    }
  }
  const secrets = new Map<number, string>();
  for (const [owner, brandId] of [
    [w.owner, w.brandId],
    [w.other, w.otherBrandId],
  ] as const) {
    const res = await callApi(t, 'POST', `brand/${brandId}/api-keys/`, owner, { kind: 'secret' });
    secrets.set(brandId, res.json().secret);
  }
  const impressions: Impression[] = [];
  const cids: { cid: string; brandId: number }[] = [];
  let ref = 0;
  for (let i = 0; i < 260; i++) {
    // Mostly minutes apart, now and then a day or two.
    t.clock.advance(Math.floor(rnd() * (rnd() < 0.08 ? 3600 : 110) * MINUTE));
    if (rnd() < 0.8) {
      const link = pick(links);
      const bot = rnd() < 0.07;
      const head = rnd() < 0.05;
      const referer = pick(REFERERS);
      const res = await t.app.inject({
        method: head ? 'HEAD' : 'GET',
        url: `/r/${link.code}`,
        headers: {
          'user-agent': bot ? 'Googlebot/2.1' : `Mozilla/5.0 Chrome/${100 + Math.floor(rnd() * 3)}`,
          ...(referer ? { referer } : {}),
        },
        remoteAddress: `10.0.0.${Math.floor(rnd() * 12)}`,
      });
      assert.equal(res.statusCode, 302);
      if (!bot && !head) {
        impressions.push({ at: t.clock().getTime(), brandId: link.brandId, advocateId: link.advocateId });
        cids.push({ cid: new URL(res.headers.location as string).searchParams.get('cid')!, brandId: link.brandId });
      }
    } else {
      const link = pick(links);
      const viaClick = rnd() < 0.5 ? cids.filter((c) => c.brandId === link.brandId).at(-1) : undefined;
      const brandId = viaClick?.brandId ?? link.brandId;
      const value = rnd() < 0.2 ? 0 : Math.round(rnd() * 20000) / 100;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sdk-log-conversion/',
        headers: { authorization: `Bearer ${secrets.get(brandId)}` },
        payload: {
          conversionRef: `order-${(ref += 1)}`,
          ...(viaClick ? { clickId: viaClick.cid } : { via: link.code }),
          value,
          currency: pick(CURRENCIES),
          eventType: pick(TYPES),
          rewardAmount: Math.round(value * 10) / 100,
        },
      });
      assert.equal(res.statusCode, 201, res.body);
      if (rnd() < 0.2) {
        const id: number = res.json().conversion.id;
        // As the ledger does when a brand rejects a conversion.
        await t.app.deps.db.transaction(async (tx) => {
          await tx.execute(sql`update conversions set status = 'rejected' where id = ${id}`);
          await adjustConversionRollups(tx, [id], -1);
        });
      }
    }
  }
  await t.app.deps.clicks.flush();
  return { second, impressions, campaigns: { c1, c2, c3 } };
}

interface RawClick {
  created_at: Date;
  brand_id: number;
  campaign_id: number;
  advocate_id: number;
  source: string;
  visitor_hash: string;
}
interface RawConversion {
  id: number;
  created_at: Date;
  brand_id: number;
  campaign_id: number;
  advocate_id: number;
  source: string;
  event_type: string;
  currency: string;
  value: number;
  reward_amount: number;
  status: string;
  conversion_ref: string;
}

async function rawEvents() {
  const d = t.app.deps.db;
  const clicks = ((await d.execute(sql`select * from clicks`)) as unknown as { rows: RawClick[] }).rows.map((c) => ({
    ...c,
    created_at: new Date(c.created_at),
  }));
  const conversions = (
    (await d.execute(sql`select * from conversions where status not in ('rejected', 'refunded')`)) as unknown as {
      rows: RawConversion[];
    }
  ).rows.map((c) => ({
    ...c,
    created_at: new Date(c.created_at),
    value: Math.round(Number(c.value) * 100),
    reward_amount: Math.round(Number(c.reward_amount) * 100),
  }));
  const joins = (
    (await d.execute(
      sql`select j.advocate_id, c.brand_id, j.joined_at from campaign_joins j join campaigns c on c.id = j.campaign_id`,
    )) as unknown as { rows: { advocate_id: number; brand_id: number; joined_at: string | Date }[] }
  ).rows.map((j) => ({ ...j, joined_at: new Date(j.joined_at) }));
  return { clicks, conversions, joins };
}

const localDate = (tz: string, at: Date | number) =>
  new Date(at).toLocaleDateString('en-CA', { timeZone: tz });
const daysBack = (today: string, n: number) => {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - i);
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100);
const change = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 10000) / 100);

/** brand/stats and me/stats figures, brute force. */
function expectedStats(
  raw: Awaited<ReturnType<typeof rawEvents>>,
  impressions: Impression[],
  inScope: (e: { brand_id: number; advocate_id: number }) => boolean,
  tz: string,
  days: number,
  currency: string,
) {
  const today = localDate(tz, t.clock());
  const range = daysBack(today, days);
  const previous = daysBack(daysBack(range[0]!, 2)[0]!, days);
  const inDays = (list: string[]) => (at: Date | number) => list.includes(localDate(tz, at));
  const now = inDays(range);
  const before = inDays(previous);
  const clicks = raw.clicks.filter((c) => inScope(c) && now(c.created_at));
  const convs = raw.conversions.filter((c) => inScope(c) && now(c.created_at));
  const prevConvs = raw.conversions.filter((c) => inScope(c) && before(c.created_at));
  const main = convs.filter((c) => c.currency === currency);
  const sources = ['direct', 'social', 'email', 'others'];
  return {
    clicks: clicks.length,
    prevClicks: raw.clicks.filter((c) => inScope(c) && before(c.created_at)).length,
    impressions: impressions.filter((i) => inScope({ brand_id: i.brandId, advocate_id: i.advocateId }) && now(i.at)).length,
    visitors: new Set(clicks.map((c) => c.visitor_hash)).size,
    bySource: Object.fromEntries(sources.map((s) => [s, clicks.filter((c) => c.source === s).length])),
    conversions: convs.length,
    prevConversions: prevConvs.length,
    // Advocates who had joined when the range began (their first join before its first day).
    prevAdvocates: new Set(
      raw.joins.filter((j) => inScope(j) && localDate(tz, j.joined_at) < range[0]!).map((j) => j.advocate_id),
    ).size,
    advocates: new Set(raw.joins.filter((j) => inScope(j)).map((j) => j.advocate_id)).size,
    leads: convs.filter((c) => c.event_type === 'signup').length,
    revenue: sum(main.map((c) => c.value)) / 100,
    net: (sum(main.map((c) => c.value)) - sum(main.map((c) => c.reward_amount))) / 100,
    change: change(sum(main.map((c) => c.value)), sum(prevConvs.filter((c) => c.currency === currency).map((c) => c.value))),
    series: range.map((date) => ({
      date,
      amount: sum(main.filter((c) => localDate(tz, c.created_at) === date).map((c) => c.value)) / 100,
    })),
    byCurrency: [...new Set(convs.map((c) => c.currency))].sort().map((cur) => {
      const mine = convs.filter((c) => c.currency === cur);
      return {
        currency: cur,
        conversions: mine.length,
        total_revenue: sum(mine.map((c) => c.value)) / 100,
        rewards: sum(mine.map((c) => c.reward_amount)) / 100,
        net_revenue: (sum(mine.map((c) => c.value)) - sum(mine.map((c) => c.reward_amount))) / 100,
      };
    }),
    platformConversions: Object.fromEntries(sources.map((s) => [s, convs.filter((c) => c.source === s).length])),
    topAdvocates: [...new Set(convs.map((c) => c.advocate_id))]
      .map((id) => ({
        id,
        amount: sum(main.filter((c) => c.advocate_id === id).map((c) => c.value)),
        conversion: convs.filter((c) => c.advocate_id === id).length,
      }))
      .sort((a, b) => b.amount - a.amount || b.conversion - a.conversion || a.id - b.id)
      .map((a) => ({ id: a.id, amount: a.amount / 100, conversion: a.conversion })),
    range,
  };
}

function assertStats(data: Stats, e: ReturnType<typeof expectedStats>, label: string) {
  assert.equal(data.engagement.clicks, e.clicks, `${label} clicks`);
  assert.equal(data.engagement.impressions, e.impressions, `${label} impressions`);
  assert.equal(data.visitors.unique_visitors, e.visitors, `${label} visitors`);
  assert.equal(data.engagement.reach, e.visitors, `${label} reach`);
  assert.deepEqual(data.performance.by_source, e.bySource, `${label} by source`);
  assert.equal(data.performance.progress, change(e.clicks, e.prevClicks), `${label} progress`);
  assert.equal(data.performance.previous_clicks, e.prevClicks, `${label} previous clicks`);
  assert.equal(data.advocates.total, e.advocates, `${label} advocates`);
  assert.equal(data.advocates.previous_total, e.prevAdvocates, `${label} previous advocates`);
  assert.equal(data.advocates.change_percentage, change(e.advocates, e.prevAdvocates), `${label} advocates change`);
  assert.equal(data.conversions.count, e.conversions, `${label} conversions`);
  assert.equal(data.conversions.previous_count, e.prevConversions, `${label} previous conversions`);
  assert.equal(data.conversions.change_percentage, change(e.conversions, e.prevConversions), `${label} conversions change`);
  assert.equal(data.referrals.count, e.conversions, `${label} referrals`);
  assert.equal(data.conversions.rate, pct(e.conversions, e.clicks), `${label} rate`);
  assert.equal(data.engagement.leads, e.leads, `${label} leads`);
  assert.equal(data.revenue.total_revenue, e.revenue, `${label} revenue`);
  assert.equal(data.revenue.net_revenue, e.net, `${label} net revenue`);
  assert.equal(data.revenue.change_percentage, e.change, `${label} change`);
  assert.deepEqual(data.revenue.timeseries, e.series, `${label} series`);
  assert.deepEqual(
    [...data.revenue.by_currency].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    e.byCurrency,
    `${label} by currency`,
  );
  assert.equal(sum(data.platforms.top.map((p) => p.views)), e.impressions, `${label} views`);
  for (const p of data.platforms.top) assert.equal(p.conversions, e.platformConversions[p.source], `${label} ${p.source}`);
  assert.deepEqual(
    data.advocates.top_advocates.map((a) => ({ id: a.id, amount: a.amount, conversion: a.conversion })),
    e.topAdvocates.filter((a) => a.conversion > 0).slice(0, 5),
    `${label} top advocates`,
  );
  assert.deepEqual(data.meta.since, e.range[0]);
  assert.equal(data.visitors.avg_session_duration, null);
}

describe('statistics equal a brute-force computation over the raw events', () => {
  it('brand stats, personal stats, payments, advocates, performance and conversions', async () => {
    const { second, impressions, campaigns } = await randomActivity(20301);
    const raw = await rawEvents();
    assert.ok(raw.clicks.length > 50 && raw.conversions.length > 10, 'enough events');
    const owner = { id: w.owner.id, auth: (await signIn(t.app, w.owner)).auth };
    const advocate = { id: w.advocate.id, auth: (await signIn(t.app, w.advocate)).auth };

    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Paris']) {
      for (const days of [7, 30, 90]) {
        const res = await callApi(t, 'GET', `brand/stats/${w.brandId}/?days=${days}&tz=${tz}`, owner);
        assert.equal(res.statusCode, 200, res.body);
        const data = res.json().data;
        assert.equal(data.meta.currency, 'USD');
        assert.equal(data.advocates.total, 2, 'advocates who joined the brand');
        assertStats(data, expectedStats(raw, impressions, (e) => e.brand_id === w.brandId, tz, days, 'USD'), `brand ${tz} ${days}`);
        const mine = await callApi(t, 'GET', `me/stats/?days=${days}&tz=${tz}&currency=EUR`, advocate);
        assert.equal(mine.statusCode, 200, mine.body);
        assert.equal(mine.json().data.advocates.total, 1);
        assertStats(
          mine.json().data,
          expectedStats(raw, impressions, (e) => e.advocate_id === w.advocate.id, tz, days, 'EUR'),
          `me ${tz} ${days}`,
        );
      }
    }
    const all = await callApi(t, 'GET', `brand/stats/?days=30&tz=UTC&platforms_metric=clicks&platforms_limit=2`, owner);
    assert.equal(all.json().data.platforms.top.length, 2);
    const topClicks = all.json().data.platforms.top.map((p: PlatformRow) => p.clicks);
    assert.ok(topClicks[0] >= topClicks[1]);

    // payments/: sales (value > 0) of the brand, newest first; count and summary from the rollups.
    const sales = raw.conversions
      .filter((c) => c.brand_id === w.brandId && c.value > 0)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
    const pay = await callApi(t, 'GET', `payments/?brand_id=${w.brandId}&per_page=5&page=2&summary=1`, owner);
    assert.equal(pay.statusCode, 200, pay.body);
    assert.equal(pay.json().count, sales.length);
    assert.deepEqual(pay.json().results.map((p: Payment) => p.id), sales.slice(5, 10).map((s) => s.id));
    assert.equal(pay.json().summary.total_amount, sum(sales.filter((s) => s.currency === 'USD').map((s) => s.value)) / 100);
    const bySecond = await callApi(t, 'GET', `payments/?user_id=${second.id}&summary=1&currency=NGN`, owner);
    const secondSales = sales.filter((s) => s.advocate_id === second.id);
    assert.equal(bySecond.json().count, secondSales.length);
    assert.equal(bySecond.json().summary.total_amount, sum(secondSales.filter((s) => s.currency === 'NGN').map((s) => s.value)) / 100);

    // brands/advocates/: all-time figures on the owner's brand.
    const list = await callApi(t, 'GET', `brands/advocates/?brand_id=${w.brandId}`, owner);
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json().meta.total, 2);
    for (const record of list.json().data) {
      const theirs = raw.conversions.filter((c) => c.brand_id === w.brandId && c.advocate_id === record.id);
      assert.equal(record.totals.conversions, theirs.length);
      assert.equal(record.totals.clicks, raw.clicks.filter((c) => c.brand_id === w.brandId && c.advocate_id === record.id).length);
      const usd = theirs.filter((c) => c.currency === 'USD');
      assert.equal(record.totals.gross_revenue, sum(usd.map((c) => c.value)) / 100);
      assert.equal(record.totals.net_revenue, (sum(usd.map((c) => c.value)) - sum(usd.map((c) => c.reward_amount))) / 100);
      assert.deepEqual(record.brands.map((b: AdvocateRecord['brands'][number]) => b.brand_id), [w.brandId]);
    }
    const profile = await callApi(t, 'GET', `brands/advocates/?advocate_id=${w.advocate.id}`, owner);
    assert.deepEqual(
      profile.json().data[0].campaigns.map((c: AdvocateCampaignRef) => c.campaign_id).sort(),
      [campaigns.c1, campaigns.c2].sort(),
    );

    // advocates/performance/ and conversions/ over the last 10 days of New York.
    const tz = 'America/New_York';
    const until = localDate(tz, t.clock());
    const since = daysBack(until, 10)[0]!;
    const window = (c: RawConversion | RawClick) => {
      const day = localDate(tz, c.created_at);
      return c.advocate_id === w.advocate.id && day >= since && day <= until;
    };
    for (const filter of ['', '&event_type=purchase', '&min_value=50', `&brand_id=${w.brandId}`, '&q=summ']) {
      const res = await callApi(t, 'GET', `advocates/performance/?since=${since}&until=${until}&tz=${tz}${filter}`, advocate);
      assert.equal(res.statusCode, 200, res.body);
      const data = res.json().data;
      const campaignOk = (id: number) =>
        filter.includes('brand_id') ? id !== campaigns.c3 : filter.includes('q=') ? id === campaigns.c2 : true;
      const convs = raw.conversions.filter(
        (c) =>
          window(c) &&
          campaignOk(c.campaign_id) &&
          (!filter.includes('event_type') || c.event_type === 'purchase') &&
          (!filter.includes('min_value') || c.value >= 5000),
      );
      const main = data.meta.currency;
      const usd = convs.filter((c) => c.currency === main);
      assert.equal(data.metrics.clicks, raw.clicks.filter((c) => window(c) && campaignOk(c.campaign_id)).length, `clicks ${filter}`);
      assert.equal(data.metrics.conversions, convs.length, `conversions ${filter}`);
      assert.equal(data.metrics.customers, convs.filter((c) => c.event_type === 'purchase').length);
      assert.equal(data.metrics.subscribers, convs.filter((c) => ['subscription', 'subscription_created'].includes(c.event_type)).length);
      assert.equal(data.metrics.revenue, sum(usd.map((c) => c.value)) / 100, `revenue ${filter}`);
      assert.equal(data.metrics.earnings, sum(usd.map((c) => c.reward_amount)) / 100, `earnings ${filter}`);
      assert.equal(data.summary.net_earnings, sum(usd.filter((c) => c.status === 'approved').map((c) => c.reward_amount)) / 100);
      assert.equal(sum(data.timeseries.revenue.map((p: SeriesPoint) => p.amount * 100)), sum(usd.map((c) => c.value)));
      assert.equal(data.timeseries.revenue.length, 10);
      for (const row of data.breakdown) {
        assert.equal(row.conversions, convs.filter((c) => c.campaign_id === row.campaign_id).length);
        // Every currency the campaign earned in, each with its own sum (a euro campaign is not
        // $0.00): the same sums as the raw conversions, the main currency first.
        const mine = convs.filter((c) => c.campaign_id === row.campaign_id);
        const expected = [...new Set(mine.map((c) => c.currency))]
          .map((currency) => {
            const of = mine.filter((c) => c.currency === currency);
            return { currency, revenue: sum(of.map((c) => c.value)) / 100, earnings: sum(of.map((c) => c.reward_amount)) / 100 };
          })
          .filter((m) => m.revenue !== 0 || m.earnings !== 0)
          .sort((a, b) => (a.currency === main ? -1 : b.currency === main ? 1 : a.currency < b.currency ? -1 : 1));
        assert.deepEqual(row.by_currency, expected, `campaign ${row.campaign_id} ${filter}`);
      }
      const page = await callApi(t, 'GET', `advocates/conversions/?since=${since}&until=${until}&tz=${tz}${filter}`, advocate);
      if (!filter.includes('q=')) assert.equal(page.json().count, convs.length, `list ${filter}`);
      assert.ok(page.json().data.length <= 10);
    }

    // Weeks later: the last 30 days cover the end of the events' month, read as that month's
    // row minus its days before the range.
    t.clock.advance(Math.max(0, Date.UTC(2030, 1, 12, 12) - t.clock().getTime()));
    owner.auth = (await signIn(t.app, w.owner)).auth;
    advocate.auth = (await signIn(t.app, w.advocate)).auth;
    for (const tz of ['UTC', 'Europe/Paris']) {
      const res = await callApi(t, 'GET', `brand/stats/${w.brandId}/?days=30&tz=${tz}`, owner);
      assert.equal(res.statusCode, 200, res.body);
      const e = expectedStats(raw, impressions, (c) => c.brand_id === w.brandId, tz, 30, 'USD');
      assert.ok(e.conversions > 0 && e.conversions < raw.conversions.filter((c) => c.brand_id === w.brandId).length);
      assertStats(res.json().data, e, `brand ${tz} 30, weeks later`);
      const mine = await callApi(t, 'GET', `me/stats/?days=30&tz=${tz}&currency=EUR`, advocate);
      assertStats(
        mine.json().data,
        expectedStats(raw, impressions, (c) => c.advocate_id === w.advocate.id, tz, 30, 'EUR'),
        `me ${tz} 30, weeks later`,
      );
    }
  });
});

describe('who may see the figures', () => {
  it('owner and staff see a brand’s; an advocate their own; others 404, anonymous 401', async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    await joinAs(t, w.advocate, campaign);
    const otherAdvocate = await actor(t, db, { roles: ['advocate'] });
    const cases: [string, [Actor | undefined, number][]][] = [
      [`brand/stats/${w.brandId}/`, [[w.owner, 200], [w.staff, 200], [w.other, 404], [w.advocate, 404], [otherAdvocate, 404], [undefined, 401]]],
      [`me/stats/${w.brandId}/`, [[w.advocate, 200], [otherAdvocate, 404], [w.owner, 404], [w.other, 404], [w.staff, 404], [undefined, 401]]],
      [`payments/?brand_id=${w.brandId}`, [[w.owner, 200], [w.staff, 200], [w.other, 404], [w.advocate, 404], [otherAdvocate, 404], [undefined, 401]]],
      [`brands/advocates/?brand_id=${w.brandId}`, [[w.owner, 200], [w.staff, 200], [w.other, 404], [w.advocate, 404], [otherAdvocate, 404], [undefined, 401]]],
      [`brands/advocates/?advocate_id=${w.advocate.id}`, [[w.owner, 200], [w.other, 404], [otherAdvocate, 404], [undefined, 401]]],
      [`advocates/performance/?advocate_id=${w.advocate.id}`, [[w.advocate, 200], [w.owner, 200], [w.staff, 200], [w.other, 404], [otherAdvocate, 404], [undefined, 401]]],
      [`advocates/conversions/?advocate_id=${w.advocate.id}`, [[w.advocate, 200], [w.owner, 200], [w.staff, 200], [w.other, 404], [otherAdvocate, 404], [undefined, 401]]],
      [`advocates/performance/?brand_id=${w.otherBrandId}`, [[w.advocate, 404]]],
    ];
    for (const [url, expectations] of cases) {
      for (const [who, status] of expectations) {
        const res = await callApi(t, 'GET', url, who);
        assert.equal(res.statusCode, status, `${url} as ${who?.id ?? 'anonymous'}: ${res.body}`);
      }
    }
    // Lists without a target: a caller with no brands sees nothing of anyone's.
    const empty = await callApi(t, 'GET', 'payments/', otherAdvocate);
    assert.deepEqual([empty.statusCode, empty.json().count], [200, 0]);
    const none = await callApi(t, 'GET', 'brand/stats/', w.advocate);
    assert.deepEqual(none.json().data.meta.brand_ids, []);
  });

  it('bad query values: 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      [`brand/stats/${w.brandId}/?days=8`, 'days'],
      [`brand/stats/${w.brandId}/?tz=Mars/Olympus`, 'tz'],
      [`brand/stats/?platforms_metric=likes`, 'platforms_metric'],
      [`brand/stats/?timeseries=2`, 'timeseries'],
      [`me/stats/?currency=dollars`, 'currency'],
      [`payments/?per_page=0`, 'per_page'],
      [`payments/?since=2030-02-30`, 'since'],
      [`brands/advocates/?status=gone`, 'status'],
      [`advocates/performance/?event_type=refund`, 'event_type'],
      [`advocates/performance/?since=2030-03-01&until=2030-02-01`, 'since'],
      [`advocates/conversions/?min_value=-1`, 'min_value'],
    ];
    for (const [url, field] of cases) {
      const res = await callApi(t, 'GET', url, url.startsWith('advocates') || url.startsWith('me') ? w.advocate : w.owner);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.ok(Object.keys(res.json().errors ?? {}).includes(field), `${url} names ${field}: ${res.body}`);
    }
  });
});
