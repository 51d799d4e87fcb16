// GET advocates/performance/ and advocates/conversions/: an advocate's figures and transaction
// history (their own; staff: anyone's; a brand owner: an advocate's on the owner's brands).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type SQL } from 'drizzle-orm';
import { ConversionsQuery, ConversionsReply, PerformanceQuery, PerformanceReply } from 'contract';
import type { Database } from '../../db/client.js';
import type { EventType } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { listMeta, pageWindow, paging } from '../../lib/paging.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import type { Principal } from '../auth/index.js';
import { netAmount } from '../conversions/index.js';
import { COUNTED_STATUS, currencyOf, sinceUntil, sinceUntilBounds, thousandths, clicksByCampaign, fromThousandths, mainCurrency, advocateScope, checkTimeZone, dayIndexOf, localDay, type DayRange } from '../rollups/index.js';
import { intArray, rowsOf } from '../../lib/sql.js';

const SUBSCRIBER_TYPES: readonly EventType[] = ['subscription', 'subscription_created'];

interface CampaignRef {
  id: number;
  title: string | null;
  brand_id: number;
  brand_name: string;
}

interface Filters {
  brand_id?: number;
  campaign_id?: number;
  event_type?: EventType;
  min_value?: number;
  q?: string;
  advocate_id?: number;
}

/** The advocate, and their joined campaigns the filters leave (404 for a brand or campaign not theirs). */
async function resolve(db: Database, me: Principal, f: Filters) {
  const { advocateId, brandIds } = await advocateScope(db, me, f.advocate_id);
  if (f.brand_id !== undefined && !brandIds.includes(f.brand_id)) throw notFound('Brand not found');
  const campaigns = await rowsOf<CampaignRef>(
    db,
    sql`select c.id, c.title, c.brand_id, b.brand_name from campaign_joins j
      join campaigns c on c.id = j.campaign_id join brands b on b.id = c.brand_id
      where j.advocate_id = ${advocateId} and c.brand_id = any(${intArray(f.brand_id === undefined ? brandIds : [f.brand_id])})
      order by c.id`,
  );
  if (f.campaign_id !== undefined && !campaigns.some((c) => c.id === f.campaign_id))
    throw notFound('Campaign not found');
  const needle = f.q?.toLowerCase();
  const chosen = campaigns.filter(
    (c) =>
      (f.campaign_id === undefined || c.id === f.campaign_id) &&
      (!needle || (c.title ?? '').toLowerCase().includes(needle) || c.brand_name.toLowerCase().includes(needle)),
  );
  return { advocateId, brandIds, campaigns: chosen };
}

interface Cell {
  campaign_id: number;
  event_type: EventType;
  currency: string;
  bucket: string | Date;
  conversions: string;
  revenue: string;
  rewards: string;
  approved_rewards: string;
}

/**
 * The advocate's counted conversions per campaign, type, currency and hour. From the rollups;
 * with min_value (a filter on single conversions) from the conversions themselves. The part of
 * the rewards already approved (net earnings) always comes from the conversions: it changes
 * with the brand's review, which the rollups do not follow.
 */
async function conversionHours(
  db: Database,
  advocateId: number,
  campaignIds: number[],
  range: DayRange,
  f: Filters,
): Promise<Cell[]> {
  if (campaignIds.length === 0) return [];
  const start = new Date(range.start).toISOString();
  const end = new Date(range.end).toISOString();
  const type = (col: SQL) => (f.event_type ? sql`and ${col} = ${f.event_type}` : sql``);
  const approved = await rowsOf<Cell>(
    db,
    sql`select c.campaign_id, c.event_type, c.currency, date_trunc('hour', c.created_at, 'UTC') as bucket,
        0 as conversions, 0 as revenue, 0 as rewards, sum(c.reward_amount - c.refunded_reward) as approved_rewards
      from conversions c
      where c.advocate_id = ${advocateId} and c.campaign_id = any(${intArray(campaignIds)}) and c.status = 'approved'
        and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
        ${type(sql`c.event_type`)} ${f.min_value === undefined ? sql`` : sql`and c.value >= ${f.min_value}`}
      group by 1, 2, 3, 4`,
  );
  const counted =
    f.min_value === undefined
      ? await rowsOf<Cell>(
          db,
          sql`select r.campaign_id, r.event_type, r.currency, r.bucket, sum(r.conversions)::bigint as conversions,
              sum(r.revenue) as revenue, sum(r.rewards) as rewards, 0 as approved_rewards
            from conversion_rollups r
            where r.advocate_id = ${advocateId} and r.campaign_id = any(${intArray(campaignIds)}) and r.grain = 'h'
              and r.bucket >= ${start}::timestamptz and r.bucket < ${end}::timestamptz ${type(sql`r.event_type`)}
            group by 1, 2, 3, 4`,
        )
      : await rowsOf<Cell>(
          db,
          sql`select c.campaign_id, c.event_type, c.currency, date_trunc('hour', c.created_at, 'UTC') as bucket,
              count(*)::bigint as conversions, sum(c.value - c.refunded_value) as revenue,
              sum(c.reward_amount - c.refunded_reward) as rewards, 0 as approved_rewards
            from conversions c
            where c.advocate_id = ${advocateId} and c.campaign_id = any(${intArray(campaignIds)}) and c.status ${COUNTED_STATUS}
              and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
              and c.value >= ${f.min_value} ${type(sql`c.event_type`)}
            group by 1, 2, 3, 4`,
        );
  return [...counted, ...approved];
}

const performanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const { readDb: db, clock, clicks: buffer } = app.deps;
  const { signedIn } = signedInRoutes(app, 'statistics');

  app.get(
    '/advocates/performance/',
    signedIn(
      'An advocate’s figures between since and until',
      { 200: PerformanceReply },
      {
        description:
          'Counted clicks, subscribers, customers, conversions, revenue and earnings of the advocate (advocate_id, ' +
          'default the caller) on their campaigns narrowed by brand_id, campaign_id, q (part of a campaign or ' +
          'brand name); event_type and min_value narrow the conversions. Money in `currency` (default: the main ' +
          'currency of their brands), per currency in summary.by_currency. See docs/metrics.md.',
        querystring: PerformanceQuery,
        errors: [404],
      },
    ),
    async (request) => {
      const f = request.query;
      const tz = checkTimeZone(f.tz);
      const now = clock();
      const range = sinceUntil(tz, f.since, f.until, now.getTime(), 30);
      await buffer.flush();
      const { advocateId, brandIds, campaigns } = await resolve(db, principalOf(request), f);
      const campaignIds = campaigns.map((c) => c.id);
      const [cells, clickMap, main] = await Promise.all([
        conversionHours(db, advocateId, campaignIds, range, f),
        campaignIds.length === 0
          ? new Map<number, number>()
          : clicksByCampaign(db, { advocateId, campaignIds }, range.start, range.end),
        mainCurrency(db, f.brand_id === undefined ? brandIds : [f.brand_id]),
      ]);
      const currency = currencyOf(f.currency, main);
      const revenue = range.days.map(() => 0);
      const earnings = range.days.map(() => 0);
      const perCampaign = new Map<number, { conversions: number; revenue: number; earnings: number }>();
      // Each campaign's money in every currency it earned in, so a euro campaign is not $0.00.
      const perCampaignCurrency = new Map<number, Map<string, { revenue: number; earnings: number }>>();
      const perCurrency = new Map<string, { conversions: number; revenue: number; total: number; net: number }>();
      const metrics = { conversions: 0, subscribers: 0, customers: 0 };
      for (const c of cells) {
        const n = Number(c.conversions);
        const rev = thousandths(c.revenue);
        const rew = thousandths(c.rewards);
        const cur = perCurrency.get(c.currency) ?? { conversions: 0, revenue: 0, total: 0, net: 0 };
        cur.conversions += n;
        cur.revenue += rev;
        cur.total += rew;
        cur.net += thousandths(c.approved_rewards);
        perCurrency.set(c.currency, cur);
        metrics.conversions += n;
        if (SUBSCRIBER_TYPES.includes(c.event_type)) metrics.subscribers += n;
        if (c.event_type === 'purchase') metrics.customers += n;
        const camp = perCampaign.get(c.campaign_id) ?? { conversions: 0, revenue: 0, earnings: 0 };
        camp.conversions += n;
        const moneyOf = perCampaignCurrency.get(c.campaign_id) ?? new Map<string, { revenue: number; earnings: number }>();
        const money = moneyOf.get(c.currency) ?? { revenue: 0, earnings: 0 };
        money.revenue += rev;
        money.earnings += rew;
        moneyOf.set(c.currency, money);
        perCampaignCurrency.set(c.campaign_id, moneyOf);
        if (c.currency === currency) {
          camp.revenue += rev;
          camp.earnings += rew;
          const day = dayIndexOf(range, new Date(c.bucket).getTime());
          if (day >= 0) {
            revenue[day]! += rev;
            earnings[day]! += rew;
          }
        }
        perCampaign.set(c.campaign_id, camp);
      }
      const main$ = perCurrency.get(currency) ?? { conversions: 0, revenue: 0, total: 0, net: 0 };
      const breakdown = campaigns.map((c) => {
        const m = perCampaign.get(c.id) ?? { conversions: 0, revenue: 0, earnings: 0 };
        return {
          campaign_id: c.id,
          campaign_name: c.title,
          brand_id: c.brand_id,
          brand_name: c.brand_name,
          clicks: clickMap.get(c.id) ?? 0,
          conversions: m.conversions,
          revenue: fromThousandths(m.revenue),
          earnings: fromThousandths(m.earnings),
          by_currency: [...(perCampaignCurrency.get(c.id) ?? new Map()).entries()]
            .filter(([, v]) => v.revenue !== 0 || v.earnings !== 0)
            .sort(([a], [b]) => (a === currency ? -1 : b === currency ? 1 : a < b ? -1 : 1))
            .map(([code, v]) => ({ currency: code, revenue: fromThousandths(v.revenue), earnings: fromThousandths(v.earnings) })),
        };
      });
      const brands = new Map<number, { brand_id: number; brand_name: string; clicks: number; conversions: number; revenue: number; earnings: number }>();
      for (const row of breakdown) {
        const b = brands.get(row.brand_id) ?? { brand_id: row.brand_id, brand_name: row.brand_name, clicks: 0, conversions: 0, revenue: 0, earnings: 0 };
        b.clicks += row.clicks;
        b.conversions += row.conversions;
        b.revenue += thousandths(row.revenue);
        b.earnings += thousandths(row.earnings);
        brands.set(row.brand_id, b);
      }
      const point = (values: number[]) =>
        (f.timeseries ?? 1) === 1 ? range.days.map((date, i) => ({ date, amount: fromThousandths(values[i]!) })) : [];
      return {
        data: {
          metrics: {
            clicks: breakdown.reduce((n, b) => n + b.clicks, 0),
            subscribers: metrics.subscribers,
            customers: metrics.customers,
            conversions: metrics.conversions,
            revenue: fromThousandths(main$.revenue),
            earnings: fromThousandths(main$.total),
          },
          timeseries: { revenue: point(revenue), earnings: point(earnings) },
          breakdown,
          breakdown_by_campaign: breakdown,
          breakdown_by_brand: [...brands.values()].map((b) => ({
            ...b,
            revenue: fromThousandths(b.revenue),
            earnings: fromThousandths(b.earnings),
          })),
          summary: {
            total_earnings: fromThousandths(main$.total),
            net_earnings: fromThousandths(main$.net),
            currency,
            by_currency: [...perCurrency.entries()]
              .filter(([, v]) => v.conversions !== 0 || v.net !== 0)
              .sort(([a, x], [b, y]) => y.conversions - x.conversions || (a < b ? -1 : 1))
              .map(([code, v]) => ({
                currency: code,
                conversions: v.conversions,
                revenue: fromThousandths(v.revenue),
                total_earnings: fromThousandths(v.total),
                net_earnings: fromThousandths(v.net),
              })),
          },
          meta: {
            generated_at: now.toISOString(),
            tz,
            since: range.days[0]!,
            until: range.days[range.days.length - 1]!,
            currency,
            advocate_id: advocateId,
          },
        },
      };
    },
  );

  app.get(
    '/advocates/conversions/',
    signedIn(
      'An advocate’s counted conversions, newest first (earnings history)',
      { 200: ConversionsReply },
      {
        description:
          'The same advocate and filters as advocates/performance/; q also matches the order reference. ' +
          'Rejected and refunded conversions are not listed.',
        querystring: ConversionsQuery,
        errors: [404],
      },
    ),
    async (request) => {
      const f = request.query;
      const tz = checkTimeZone(f.tz);
      const now = clock();
      const range = sinceUntilBounds(tz, f.since, f.until, now.getTime(), 30);
      const page = paging(f.page, f.per_page, 10);
      // q here also matches the order reference, so campaigns are narrowed in SQL instead.
      const { advocateId, campaigns } = await resolve(db, principalOf(request), { ...f, q: undefined });
      const ids = campaigns.map((c) => c.id);
      const where = sql`c.advocate_id = ${advocateId} and c.campaign_id = any(${intArray(ids)}) and c.status ${COUNTED_STATUS}
        and c.created_at >= ${new Date(range.start).toISOString()}::timestamptz
        and c.created_at < ${new Date(range.end).toISOString()}::timestamptz
        ${f.event_type ? sql`and c.event_type = ${f.event_type}` : sql``}
        ${f.min_value === undefined ? sql`` : sql`and c.value >= ${f.min_value}`}
        ${f.q ? sql`and (c.conversion_ref ilike ${`%${f.q}%`} or cp.title ilike ${`%${f.q}%`} or b.brand_name ilike ${`%${f.q}%`})` : sql``}`;
      const from = sql`from conversions c join campaigns cp on cp.id = c.campaign_id join brands b on b.id = c.brand_id`;
      const [[counted], rows] = await Promise.all([
        rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`),
        rowsOf<{
          id: number;
          conversion_ref: string;
          created_at: string | Date;
          event_type: EventType;
          campaign_id: number;
          title: string | null;
          brand_id: number;
          brand_name: string;
          value: string;
          refunded_value: string;
          currency: string;
          reward_amount: string;
          refunded_reward: string;
          status: string;
          reward_status: string | null;
        }>(
          db,
          sql`select c.id, c.conversion_ref, c.created_at, c.event_type, c.campaign_id, cp.title, c.brand_id, b.brand_name,
              c.value, c.refunded_value, c.currency, c.reward_amount, c.refunded_reward, c.status,
              (select r.status from rewards r where r.conversion_id = c.id and r.amount >= 0 order by r.id limit 1) as reward_status
            ${from} where ${where}
            order by c.created_at desc, c.id desc ${pageWindow(page)}`,
        ),
      ]);
      const total = counted?.n ?? 0;
      const data = rows.map((r) => {
        const at = new Date(r.created_at);
        return {
          id: r.id,
          transaction_id: r.conversion_ref,
          created_at: at.toISOString(),
          timestamp: at.toISOString(),
          date: localDay(tz, at.getTime()),
          event_type: r.event_type,
          campaign_id: r.campaign_id,
          campaign_name: r.title,
          brand_id: r.brand_id,
          brand_name: r.brand_name,
          // Net of refunds, the refunded part beside it (docs/metrics.md).
          value: netAmount(r.value, r.refunded_value),
          amount: netAmount(r.value, r.refunded_value),
          refunded_value: Number(r.refunded_value),
          currency: r.currency,
          earnings: netAmount(r.reward_amount, r.refunded_reward),
          status: r.status,
          reward_status: r.reward_status,
        };
      });
      return {
        data,
        count: total,
        meta: listMeta(total, page, data.length),
        generated_at: now.toISOString(),
      };
    },
  );
};

export default performanceRoutes;
