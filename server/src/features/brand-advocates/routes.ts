// GET brands/advocates/: the advocates who joined the caller's brands (or one brand), each with
// their campaigns there and their all-time figures on those brands; advocate_id picks one (the
// profile screen). Owner and staff only; others get 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { BrandAdvocatesQuery, BrandAdvocatesReply } from 'contract';
import { notFound } from '../../lib/http-error.js';
import { listMeta, pageWindow, paging } from '../../lib/paging.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { currencyTotals, displayName } from '../brand-stats/index.js';
import { profileSummaries } from '../profiles/index.js';
import { currencyOf, byCurrency, thousandths, fromThousandths, mainCurrency, brandScope } from '../rollups/index.js';
import { intArray, rowsOf } from '../../lib/sql.js';

/** The campaign status each campaign-side filter stands for. */
const CAMPAIGN_STATUS_OF = {
  running: 'active',
  draft: 'inactive',
  completed: 'completed',
} as const;

/**
 * active / inactive filter the advocate's account; running / draft / completed keep the
 * advocates who joined a campaign (of the scope) in that state.
 */
function statusFilter(status: BrandAdvocatesQuery['status']) {
  if (status === undefined) return sql``;
  if (status === 'active' || status === 'inactive')
    return sql`and u.is_active = ${status === 'active'}`;
  return sql`and c.status = ${CAMPAIGN_STATUS_OF[status]} and c.deleted_at is null`;
}

const brandAdvocatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const { readDb: db, clock, fileUrls } = app.deps;
  const { signedIn } = signedInRoutes(app, 'statistics');

  app.get(
    '/brands/advocates/',
    signedIn(
      'The advocates of the caller’s brands, with their campaigns and figures (owner and staff)',
      { 200: BrandAdvocatesReply },
      {
        description:
          'Filtered by brand_id, campaign_id (a campaign of those brands), status (active or inactive: the ' +
          'account; running, draft or completed: who joined a campaign that is active, paused or completed), ' +
          'q (part of the name or email); advocate_id gives one record (404 if they never joined). ' +
          'Figures are all-time, on the brands asked about, money in `currency` (default: the main currency) ' +
          'and per currency. See docs/metrics.md.',
        querystring: BrandAdvocatesQuery,
        errors: [404],
      },
    ),
    async (request) => {
      const q = request.query;
      const brandIds = await brandScope(db, principalOf(request), q.brand_id);
      const page = paging(q.page, q.per_page, 20);
      const generated_at = clock().toISOString();
      if (q.campaign_id !== undefined) {
        const [campaign] = await rowsOf<{ id: number }>(
          db,
          sql`select id from campaigns where id = ${q.campaign_id} and brand_id = any(${intArray(brandIds)})`,
        );
        if (!campaign) throw notFound('Campaign not found');
      }
      const filters = sql`c.brand_id = any(${intArray(brandIds)})
        ${q.campaign_id === undefined ? sql`` : sql`and j.campaign_id = ${q.campaign_id}`}
        ${q.advocate_id === undefined ? sql`` : sql`and u.id = ${q.advocate_id}`}
        ${statusFilter(q.status)}
        ${q.q ? sql`and (u.username ilike ${`%${q.q}%`} or u.email ilike ${`%${q.q}%`} or (u.first_name || ' ' || u.last_name) ilike ${`%${q.q}%`})` : sql``}`;
      // One pass over the joins gives the page and the total: each advocate's first join, the
      // count of all of them beside each row, the page's people joined last.
      const people = await rowsOf<{
        id: number;
        username: string;
        first_name: string;
        last_name: string;
        email: string;
        is_active: boolean;
        joined_at: string | Date;
        total: number;
      }>(
        db,
        sql`with page as (
            select j.advocate_id, min(j.joined_at) as joined_at, (count(*) over ())::int as total
            from campaign_joins j join campaigns c on c.id = j.campaign_id join users u on u.id = j.advocate_id
            where ${filters}
            group by j.advocate_id
            order by min(j.joined_at) desc, j.advocate_id desc
            ${pageWindow(page)}
          )
          select u.id, u.username, u.first_name, u.last_name, u.email, u.is_active, page.joined_at, page.total
          from page join users u on u.id = page.advocate_id
          order by page.joined_at desc, u.id desc`,
      );
      // A page past the end has no row to carry the total: count them apart.
      const total =
        people[0]?.total ??
        (page.page === 1
          ? 0
          : ((
              await rowsOf<{ n: number }>(
                db,
                sql`select count(distinct j.advocate_id)::int as n from campaign_joins j join campaigns c on c.id = j.campaign_id
                  join users u on u.id = j.advocate_id where ${filters}`,
              )
            )[0]?.n ?? 0));
      if (q.advocate_id !== undefined && total === 0) throw notFound('Advocate not found');
      const ids = people.map((p) => p.id);
      const [campaigns, brandNames, paid, main] = await Promise.all([
        ids.length === 0
          ? []
          : rowsOf<{
              advocate_id: number;
              campaign_id: number;
              title: string | null;
              brand_id: number;
              joined_at: string | Date;
            }>(
              db,
              sql`select j.advocate_id, j.campaign_id, c.title, c.brand_id, j.joined_at from campaign_joins j
                join campaigns c on c.id = j.campaign_id
                where j.advocate_id = any(${intArray(ids)}) and c.brand_id = any(${intArray(brandIds)})
                order by j.joined_at, j.campaign_id`,
            ),
        rowsOf<{ id: number; brand_name: string }>(
          db,
          sql`select id, brand_name from brands where id = any(${intArray(brandIds)})`,
        ),
        ids.length === 0
          ? []
          : rowsOf<{ advocate_id: number; currency: string; paid: string }>(
              db,
              sql`select r.advocate_id, c.currency, sum(r.amount) as paid from rewards r
                join conversions c on c.id = r.conversion_id
                where r.advocate_id = any(${intArray(ids)}) and r.brand_id = any(${intArray(brandIds)}) and r.status = 'paid'
                group by 1, 2`,
            ),
        mainCurrency(db, brandIds),
      ]);
      const currency = currencyOf(q.currency, main);
      const nameOf = new Map(brandNames.map((b) => [b.id, b.brand_name]));
      // All-time figures of the page's advocates: their month totals on these brands (a row per
      // month and currency, or per month for clicks), two queries.
      const [allCells, allClicks] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              rowsOf<{
                advocate_id: number;
                brand_id: number;
                currency: string;
                conversions: string;
                revenue: string;
                rewards: string;
              }>(
                db,
                sql`select r.advocate_id, r.brand_id, r.currency, sum(r.conversions)::bigint as conversions,
                    sum(r.revenue) as revenue, sum(r.rewards) as rewards
                  from conversion_rollups r
                  where r.advocate_id = any(${intArray(ids)}) and r.grain = 'm' and r.brand_id = any(${intArray(brandIds)})
                  group by 1, 2, 3`,
              ),
              rowsOf<{ advocate_id: number; clicks: string }>(
                db,
                sql`select r.advocate_id, sum(r.clicks)::bigint as clicks from click_rollups r
                  where r.advocate_id = any(${intArray(ids)}) and r.grain = 'm' and r.brand_id = any(${intArray(brandIds)})
                  group by 1`,
              ),
            ]);
      const profiles = await profileSummaries(db, ids);
      const data = await Promise.all(
        people.map(async (p) => {
          const cells = allCells
            .filter((c) => c.advocate_id === p.id)
            .map((c) => ({
              brandId: c.brand_id,
              currency: c.currency,
              conversions: Number(c.conversions),
              sales: 0,
              revenue: thousandths(c.revenue),
              rewards: thousandths(c.rewards),
              source: 'direct' as const,
              eventType: 'purchase' as const,
              campaignId: 0,
              day: -1,
            }));
          const clicks = {
            clicks: Number(allClicks.find((c) => c.advocate_id === p.id)?.clicks ?? 0),
          };
          const currencies = byCurrency(cells);
          const mine = currencies.find((c) => c.currency === currency) ?? {
            revenue: 0,
            rewards: 0,
          };
          const paidThousandths = paid
            .filter((r) => r.advocate_id === p.id && r.currency === currency)
            .reduce((n, r) => n + thousandths(r.paid), 0);
          // What brands see of an advocate: the name and picture of their profile, if set.
          const profile = profiles.get(p.id);
          const advocate = {
            id: p.id,
            name: profile?.fullName?.trim() || displayName(p),
            email: p.email,
          };
          const picture_url = profile?.picture ? fileUrls.url(profile.picture) : null;
          const theirCampaigns = campaigns.filter((c) => c.advocate_id === p.id);
          const theirBrands = [...new Set(theirCampaigns.map((c) => c.brand_id))].sort(
            (a, b) => a - b,
          );
          return {
            id: p.id,
            name: advocate.name,
            picture_url,
            username: p.username,
            email: p.email,
            is_active: p.is_active,
            joined_at: new Date(p.joined_at).toISOString(),
            advocate,
            totals: {
              currency,
              clicks: clicks.clicks,
              conversions: cells.reduce((n, c) => n + c.conversions, 0),
              gross_revenue: fromThousandths(mine.revenue),
              net_revenue: fromThousandths(mine.revenue - mine.rewards),
              rewards: fromThousandths(mine.rewards),
              rewards_paid: fromThousandths(paidThousandths),
              by_currency: currencies.map(currencyTotals),
            },
            brands: theirBrands.map((brandId) => {
              const own = cells.filter((c) => c.brandId === brandId);
              return {
                brand_id: brandId,
                brand_name: nameOf.get(brandId) ?? '',
                gross_revenue: fromThousandths(
                  own.filter((c) => c.currency === currency).reduce((n, c) => n + c.revenue, 0),
                ),
                conversions: own.reduce((n, c) => n + c.conversions, 0),
              };
            }),
            campaigns: theirCampaigns.map((c) => ({
              campaign_id: c.campaign_id,
              campaign_name: c.title,
              brand_id: c.brand_id,
              joined_at: new Date(c.joined_at).toISOString(),
            })),
          };
        }),
      );
      return {
        data,
        meta: listMeta(total, page, data.length),
        generated_at,
      };
    },
  );
};

export default brandAdvocatesRoutes;
