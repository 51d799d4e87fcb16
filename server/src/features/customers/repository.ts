// A brand's customers, each remembered with the advocate and campaign its first conversion was
// attributed to. Later payments of the same customer (a renewal, a purchase after a sign-up)
// follow that attribution without any click id; the campaign's recurring_months window starts at
// the customer's first payment.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandCustomers, type BrandCustomerRow, type ClickSource } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';

export interface CustomerAttribution {
  campaignId: number;
  advocateId: number;
  linkId: number | null;
  clickId: string | null;
  source: ClickSource;
}

export async function findCustomer(
  db: Database,
  brandId: number,
  customerKey: string,
): Promise<BrandCustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(brandCustomers)
    .where(and(eq(brandCustomers.brandId, brandId), eq(brandCustomers.customerKey, customerKey)))
    .limit(1);
  return row;
}

interface CustomerRecord {
  campaign_id: number;
  advocate_id: number;
  link_id: number | null;
  click_id: string | null;
  source: ClickSource;
  first_paid_at: string | Date | null;
}

/** What remembering a customer writes: see rememberCustomerStatement. */
export interface CustomerMemory {
  brandId: number;
  customerKey: string;
  attribution: CustomerAttribution;
  label: string | null;
  /** The payment's time; null for a sign-up or a value of 0 (the first payment stays). */
  paidAt: Date | null;
  at: Date;
}

/**
 * The statement that remembers the customer with `attribution` unless it is already remembered
 * (the first attribution stays), and moves its first payment earlier to `paidAt` when given;
 * it returns the customer's attribution and first payment as they now stand. A statement, so a
 * caller may also run it as a CTE of another write.
 */
export function rememberCustomerStatement(input: CustomerMemory): SQL {
  const a = input.attribution;
  const paidAt = input.paidAt?.toISOString() ?? null;
  return sql`insert into brand_customers (brand_id, customer_key, campaign_id, advocate_id, link_id,
        click_id, source, label, first_paid_at, created_at)
      values (${input.brandId}::integer, ${input.customerKey}::varchar, ${a.campaignId}::integer,
        ${a.advocateId}::integer, ${a.linkId}::integer, ${a.clickId}::varchar, ${a.source}::text,
        ${input.label}::varchar, ${paidAt}::timestamptz, ${input.at.toISOString()}::timestamptz)
      on conflict (brand_id, customer_key) do update set
        first_paid_at = case when excluded.first_paid_at is null then brand_customers.first_paid_at
          else least(coalesce(brand_customers.first_paid_at, excluded.first_paid_at), excluded.first_paid_at) end,
        label = coalesce(brand_customers.label, excluded.label)
      returning campaign_id, advocate_id, link_id, click_id, source, first_paid_at`;
}

/** Remembers the customer (rememberCustomerStatement) and returns it as it now stands. */
export async function rememberCustomer(
  db: Database,
  input: CustomerMemory,
): Promise<CustomerAttribution & { firstPaidAt: Date | null }> {
  const [row] = await rowsOf<CustomerRecord>(db, rememberCustomerStatement(input));
  return {
    campaignId: row.campaign_id,
    advocateId: row.advocate_id,
    linkId: row.link_id,
    clickId: row.click_id,
    source: row.source,
    firstPaidAt: row.first_paid_at === null ? null : new Date(row.first_paid_at),
  };
}

/** The customer's subscription was cancelled: no more renewals expected (shown on the customer). */
export async function markSubscriptionEnded(
  db: Database,
  brandId: number,
  customerKey: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(brandCustomers)
    .set({ subscriptionEndedAt: at })
    .where(and(eq(brandCustomers.brandId, brandId), eq(brandCustomers.customerKey, customerKey)))
    .returning({ ref: brandCustomers.customerKey });
  return rows.length > 0;
}

/**
 * Which renewal a new renewal of the customer is: 1 + the customer's renewals already recorded
 * (each Stripe invoice counts once, so replays do not shift the count).
 */
export async function nextRenewalNumber(
  db: Database,
  brandId: number,
  customerKey: string,
): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from conversions
      where brand_id = ${brandId}::integer and customer_key = ${customerKey}::varchar
        and event_type = 'subscription_renewal'`,
  );
  return Number(row?.n ?? 0) + 1;
}

/** Masks an email for an advocate's eyes: 'jane.doe@example.com' → 'j•••@example.com'. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return `${email.slice(0, 1)}•••`;
  return `${email.slice(0, 1)}•••${email.slice(at)}`.slice(0, 255);
}
