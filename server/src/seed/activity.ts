// Ninety days of demo activity for the demo brand owner and advocates, so their dashboards are
// filled on the first visit: a brand with products and campaigns, joins, and clicks and
// conversions written through the code real events take (the click store's batch write and the
// conversion statement, which keep the statistics rollups), over the 90 days before `now`.
import { randomBytes } from 'node:crypto';
import { moneyText } from 'contract';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import type { ClickSource, EventType } from '../db/schema.js';
import { newCampaignPublicId } from '../features/campaigns/public-id.js';
import { insertConversion, type NewConversion } from '../features/conversions/repository.js';
import { millsText, ruleReward, toMills } from '../features/conversions/rewards.js';
import { newShareCode } from '../features/joins/repository.js';
import { seedDemoGroups } from './groups.js';
import { seedDemoProgram } from './programs.js';
import type { Click } from '../features/redirects/click-store.js';
import { writeClicks } from '../features/redirects/click-store.js';
import { newClickId } from '../features/redirects/share-link-redirect.js';
import type { ImpressionCount } from '../features/rollups/index.js';

const DAYS = 90;
const HOUR = 3_600_000;

/**
 * The demo's held commissions, so the brand's review is not empty: a few recent sales held for a
 * person, each by the fraud rules that would hold a real one (one reported from a shop page).
 */
const HELD: readonly { reasons: string[]; publishable?: boolean }[] = [
  { reasons: ['visitor_velocity'] },
  { reasons: ['publishable_key'], publishable: true },
  { reasons: ['self_referral'] },
  { reasons: ['paid_ads'] },
];
/** Held ones are among the sales of the last days, one in so many. */
const HELD_WITHIN_DAYS = 10;
const HELD_EVERY = 5;
const BRAND_NAME = 'Demo Outfitters';

/** A small deterministic generator (mulberry32), so every demo database looks alike. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Rows<T> = { rows: T[] };

/** Creates the demo brand and its activity unless the brand owner already has a brand. */
export async function seedDemoActivity(database: DatabaseHandle, now: Date): Promise<boolean> {
  const { db } = database;
  const q = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  const people = await q<{ id: number; email: string }>(
    sql`select id, email from users where email in ('brand@demo.test', 'advocate@demo.test', 'both@demo.test')`,
  );
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const ownerId = idOf('brand@demo.test');
  const advocates = [idOf('advocate@demo.test'), idOf('both@demo.test')].filter((id): id is number => id !== undefined);
  if (ownerId === undefined || advocates.length === 0) return false;
  if ((await q(sql`select 1 from brands where owner_id = ${ownerId} limit 1`)).length > 0) return false;

  const rnd = random(90);
  const start = now.getTime() - DAYS * 24 * HOUR;
  const at = (ms: number) => new Date(ms).toISOString();
  const [brand] = await q<{ id: number }>(sql`
    insert into brands (owner_id, brand_name, brand_type, brand_size, website_url, description, created_at)
    values (${ownerId}, ${BRAND_NAME}, 'company', '2-50', 'https://outfitters.example.com',
      'Outdoor clothing and gear (demo data).', ${at(start - 7 * 24 * HOUR)}) returning id`);
  const brandId = brand!.id;
  // Access to a brand is membership (migration 0017): its owner is its first member, as
  // brands created through the API are.
  await q(sql`
    insert into brand_members (brand_id, user_id, role, joined_at)
    values (${brandId}, ${ownerId}, 'owner', ${at(start - 7 * 24 * HOUR)})`);
  // The demo brand has chosen its payout settings (the defaults, saved): its setup checklist is
  // complete, as a brand with 90 days of sales would have it.
  await q(sql`
    insert into brand_payout_settings (brand_id, hold_days, payout_minimum, updated_at)
    values (${brandId}, 30, 10, ${at(start - 7 * 24 * HOUR)})`);
  const catalogue = [
    ['Trail Jacket', 129, 'USD'],
    ['Summit Boots', 189.5, 'USD'],
    ['Camp Mug', 18, 'USD'],
    ['Alpine Backpack', 99, 'EUR'],
  ] as const;
  const products: { id: number; price: number; currency: string }[] = [];
  for (const [name, price, currency] of catalogue) {
    const [row] = await q<{ id: number }>(sql`
      insert into products (brand_id, name, price, currency, status, product_url, created_at, updated_at)
      values (${brandId}, ${name}, ${price}, ${currency}, 'active',
        ${`https://outfitters.example.com/p/${name.toLowerCase().replace(/ /g, '-')}`}, ${at(start)}, ${at(start)})
      returning id`);
    products.push({ id: row!.id, price, currency });
  }
  const plans = [
    { title: 'Spring Trail Launch', rule: { commissionType: 'percentage' as const, commissionValue: 10 }, products: [0, 1] },
    { title: 'Camp Essentials', rule: { commissionType: 'flat' as const, commissionValue: 2 }, products: [2] },
    { title: 'Alpine Europe', rule: { commissionType: 'percentage' as const, commissionValue: 8 }, products: [3] },
  ];
  const links: { id: number; campaignId: number; productId: number; advocateId: number; plan: (typeof plans)[number]; code: string }[] = [];
  for (const plan of plans) {
    const [campaign] = await q<{ id: number }>(sql`
      insert into campaigns (public_id, brand_id, title, category, description, status, commission_type,
        commission_value, product_url, created_at, updated_at)
      values (${newCampaignPublicId()}, ${brandId}, ${plan.title}, 'Outdoor', 'Demo campaign', 'active',
        ${plan.rule.commissionType}, ${plan.rule.commissionValue}, 'https://outfitters.example.com', ${at(start)}, ${at(start)})
      returning id`);
    for (const p of plan.products)
      await db.execute(sql`insert into campaign_products (campaign_id, product_id) values (${campaign!.id}, ${products[p]!.id})`);
    for (const advocateId of advocates) {
      await db.execute(sql`insert into campaign_joins (advocate_id, campaign_id, source, joined_at)
        values (${advocateId}, ${campaign!.id}, 'demo', ${at(start)})`);
      for (const p of plan.products) {
        const code = newShareCode();
        const [link] = await q<{ id: number }>(sql`
          insert into share_links (code, advocate_id, campaign_id, product_id, brand_id, created_at)
          values (${code}, ${advocateId}, ${campaign!.id}, ${products[p]!.id}, ${brandId}, ${at(start)}) returning id`);
        links.push({ id: link!.id, campaignId: campaign!.id, productId: products[p]!.id, advocateId, plan, code });
      }
    }
  }

  const sources: ClickSource[] = ['social', 'social', 'direct', 'email', 'others'];
  const visitors = Array.from({ length: 1500 }, () => randomBytes(16).toString('hex'));
  const types: EventType[] = ['purchase', 'purchase', 'purchase', 'signup', 'subscription', 'subscription_renewal'];
  let order = 0;
  let held = 0;
  for (let day = 0; day < DAYS; day++) {
    const clicks: Click[] = [];
    const impressions = new Map<string, ImpressionCount>();
    // Traffic grows over the quarter, with quieter weekends.
    const dayStart = start + day * 24 * HOUR;
    const weekend = new Date(dayStart).getUTCDay() % 6 === 0;
    const count = Math.round((20 + day * 0.6) * (weekend ? 0.6 : 1) * (0.7 + rnd() * 0.6));
    for (let i = 0; i < count; i++) {
      const link = links[Math.floor(rnd() * links.length)]!;
      const ms = dayStart + Math.floor(rnd() * 24 * HOUR);
      if (ms > now.getTime()) continue;
      const source = sources[Math.floor(rnd() * sources.length)]!;
      clicks.push({
        clickId: newClickId(ms),
        createdAt: new Date(ms),
        linkId: link.id,
        campaignId: link.campaignId,
        productId: link.productId,
        advocateId: link.advocateId,
        brandId,
        source,
        referrerHost: source === 'social' ? 'instagram.com' : source === 'email' ? 'mail.google.com' : null,
        device: rnd() < 0.6 ? 'mobile' : 'desktop',
        visitorHash: visitors[Math.floor(rnd() * visitors.length)]!,
      });
      // A visit, and now and then a repeat visit within the hour: impressions.
      const hour = ms - (ms % HOUR);
      const key = `${link.id}|${hour}|${source}`;
      const seen = impressions.get(key);
      const n = rnd() < 0.2 ? 2 : 1;
      if (seen) seen.count += n;
      else
        impressions.set(key, {
          hour,
          linkId: link.id,
          brandId,
          campaignId: link.campaignId,
          advocateId: link.advocateId,
          source,
          count: n,
        });
    }
    clicks.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await writeClicks(database, clicks, [...impressions.values()]);
    for (const click of clicks) {
      if (rnd() >= 0.045) continue;
      const link = links.find((l) => l.id === click.linkId)!;
      const product = products.find((p) => p.id === link.productId)!;
      const eventType = types[Math.floor(rnd() * types.length)]!;
      const value = eventType === 'signup' ? 0 : product.price * (1 + Math.floor(rnd() * 2));
      // Every reward starts pending, as for a real sale; the hold job approves the ones older than
      // the brand's hold period.
      const conversion: NewConversion = {
        brandId,
        campaignId: link.campaignId,
        advocateId: link.advocateId,
        productId: product.id,
        linkId: link.id,
        clickId: click.clickId,
        conversionRef: `demo-${(order += 1)}`,
        eventType,
        value,
        currency: product.currency,
        reportedWith: 'secret',
        sessionId: null,
        source: click.source,
        createdAt: new Date(click.createdAt.getTime() + Math.floor(rnd() * 2 * HOUR)),
      };
      if (conversion.createdAt.getTime() > now.getTime()) continue;
      const recent = conversion.createdAt.getTime() > now.getTime() - HELD_WITHIN_DAYS * 24 * HOUR;
      const hold = recent && order % HELD_EVERY === 0 ? HELD[held++] : undefined;
      await insertConversion(
        db,
        hold?.publishable ? { ...conversion, reportedWith: 'publishable' } : conversion,
        ruleReward(link.plan.rule, value, product.currency),
        false,
        hold?.reasons ?? [],
      );
    }
  }
  await seedRefusedReports(database, brandId, links, products, now);
  await seedDemoGroups(db, brandId, now);
  // The demo advocate (advocate@demo.test) applies to the brand's Ambassadors campaign.
  await seedDemoProgram(db, brandId, advocates[0]!, now);
  return true;
}

/**
 * A few browser reports of the last week refused above the price cap (two bags reported at one
 * bag's price × 1, the issue a shop hits without `quantity`), so the brand sees what they look like.
 */
async function seedRefusedReports(
  database: DatabaseHandle,
  brandId: number,
  links: readonly { advocateId: number; campaignId: number; productId: number | null }[],
  products: readonly { id: number; price: number; currency: string }[],
  now: Date,
) {
  for (let i = 0; i < 3; i++) {
    const link = links[i % links.length]!;
    const product = products.find((p) => p.id === link.productId) ?? products[0]!;
    const cap = moneyText(product.price, product.currency);
    const value = moneyText(millsText(toMills(product.price) * 2n), product.currency);
    await database.db.execute(sql`
      insert into refused_reports (brand_id, campaign_id, advocate_id, product_id, conversion_ref,
        reason, message, value, currency, quantity, created_at)
      values (${brandId}::integer, ${link.campaignId}::integer, ${link.advocateId}::integer,
        ${product.id}::integer, ${`demo-refused-${i + 1}`}::varchar, 'over_price_cap',
        ${`value ${value} is more than the product's price × quantity (${cap} ${product.currency}): a publishable key cannot report a larger sale`}::text,
        ${value}::numeric, ${product.currency}::varchar, 1,
        ${new Date(now.getTime() - (i + 1) * 26 * HOUR).toISOString()}::timestamptz)`);
  }
}
