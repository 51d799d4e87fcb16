// The fraud rules: which reasons hold a new conversion's reward for a person. Each rule is on
// unless the brand turned it off (settings.ts); the reasons are stored on the reward and shown in
// review. One read gathers what the rules need (the advocate's emails, recent conversions of the
// same visitor and address, another advocate paid to the same account).
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { HoldReason } from 'contract';
import type { CredentialKind } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import { executeNamed } from '../../lib/prepared.js';
import { isDisposableEmail } from './disposable.js';
import { normalEmail } from './hashes.js';
import { isPaidAdClick } from './paid-ads.js';
import { DEFAULT_FRAUD_SETTINGS, type BrandFraudSettings } from './settings.js';

/** Public mail providers (the maintained `email-providers` list): sharing one says nothing. */
const PUBLIC_MAIL = new Set(createRequire(import.meta.url)('email-providers/all.json') as string[]);

export interface RuleInput {
  brandId: number;
  campaignId: number;
  advocateId: number;
  reportedWith: CredentialKind;
  clickId: string | null;
  /** The click's visitor hash, when attributed by a click. */
  visitorHash: string | null;
  /** Keyed hash of the reporting browser's address (publishable keys only). */
  clientHash: string | null;
  customerEmail: string | null;
  now: Date;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** Same mailbox, or the same domain when it is a company's own (not a public mail provider). */
export function isSelfReferral(customerEmail: string, advocateEmails: readonly string[]): boolean {
  const customer = normalEmail(customerEmail);
  if (!customer.includes('@')) return false;
  const domain = domainOf(customer);
  return advocateEmails.some((raw) => {
    const own = normalEmail(raw);
    return own === customer || (domainOf(own) === domain && !PUBLIC_MAIL.has(domain));
  });
}

interface Facts {
  advocate_email: string;
  profile_email: string | null;
  forbid_paid_ads: boolean;
  visitor_count: string | number;
  address_count: string | number;
  duplicate_payout: boolean;
  /** The brand's saved settings (null: never saved), when the caller had none. */
  settings: Partial<Record<string, unknown>> | null;
}

/** brand_fraud_settings' row as to_jsonb gives it (snake_case, numeric as number) → settings. */
function settingsOf(row: Partial<Record<string, unknown>> | null): BrandFraudSettings {
  if (!row) return DEFAULT_FRAUD_SETTINGS;
  return {
    publishableKeys: Boolean(row.publishable_keys),
    attributionWindowDays: Number(row.attribution_window_days),
    maxOrderValue: Number(row.max_order_value),
    selfReferral: Boolean(row.self_referral),
    visitorVelocity: Boolean(row.visitor_velocity),
    paidAds: Boolean(row.paid_ads),
    duplicatePayout: Boolean(row.duplicate_payout),
    disposableEmail: Boolean(row.disposable_email),
    visitorDailyMax: Number(row.visitor_daily_max),
    addressHourlyMax: Number(row.address_hourly_max),
  };
}

/**
 * The rules' reasons for holding this conversion's reward, in HOLD_REASONS order; empty: none.
 * `known`: the brand's settings when the caller has read them already (a publishable key's
 * terms); else they come in the same round trip as the facts.
 */
export async function holdReasons(
  db: Database,
  known: BrandFraudSettings | undefined,
  input: RuleInput,
): Promise<HoldReason[]> {
  const now = input.now.toISOString();
  // Each count stops at the brand's threshold: a busy address (a shop's office, a carrier's NAT,
  // an attacker) must not make every conversion scan its whole hour.
  const cap = (column: 'visitor_daily_max' | 'address_hourly_max', fallback: number) =>
    known
      ? sql`${column === 'visitor_daily_max' ? known.visitorDailyMax : known.addressHourlyMax}::integer`
      : sql`coalesce((select ${sql.raw(column)} from brand_fraud_settings where brand_id = ${input.brandId}::integer), ${fallback}::integer)`;
  /**
   * How many conversions of the last `interval` carry `hash` in `column` for the same `scope`
   * (its column and id), up to the `threshold` setting; 0 without a hash.
   */
  const recentCount = (
    column: 'visitor_hash' | 'client_hash',
    hash: string | null | undefined,
    scope: ['advocate_id' | 'brand_id', number],
    interval: '1 day' | '1 hour',
    threshold: 'visitor_daily_max' | 'address_hourly_max',
    fallback: number,
  ) =>
    hash
      ? sql`(select count(*) from (select 1 from conversions
              where ${sql.raw(column)} = ${hash}::varchar
                and ${sql.raw(scope[0])} = ${scope[1]}::integer
                and created_at > ${now}::timestamptz - interval '${sql.raw(interval)}'
              limit ${cap(threshold, fallback)}) c)`
      : sql`0`;
  // A prepared statement per variant of the text: planning this join anew took PostgreSQL 0.2 ms
  // a conversion, more than running it.
  const name = `fraud_facts${input.visitorHash ? '_visitor' : ''}${input.clientHash ? '_client' : ''}${known ? '_known' : ''}`;
  const [facts] = await executeNamed<Facts>(
    db,
    name,
    sql`select u.email as advocate_email, p.email as profile_email, k.forbid_paid_ads,
      ${recentCount(
        'visitor_hash',
        input.visitorHash,
        ['advocate_id', input.advocateId],
        '1 day',
        'visitor_daily_max',
        DEFAULT_FRAUD_SETTINGS.visitorDailyMax,
      )} as visitor_count,
      ${recentCount(
        'client_hash',
        input.clientHash,
        ['brand_id', input.brandId],
        '1 hour',
        'address_hourly_max',
        DEFAULT_FRAUD_SETTINGS.addressHourlyMax,
      )} as address_count,
      exists (select 1 from payout_methods m
        join payout_methods o on o.fingerprint = m.fingerprint and o.advocate_id <> m.advocate_id
        where m.advocate_id = ${input.advocateId}::integer and m.fingerprint is not null) as duplicate_payout,
      ${
        known
          ? sql`null`
          : sql`(select to_jsonb(s) from brand_fraud_settings s where s.brand_id = ${input.brandId}::integer)`
      } as settings
    from users u
    join campaigns k on k.id = ${input.campaignId}::integer
    left join advocate_profiles p on p.user_id = u.id
    where u.id = ${input.advocateId}::integer`,
  );
  const settings = known ?? settingsOf(facts?.settings ?? null);
  const reasons: HoldReason[] = [];
  if (input.reportedWith === 'publishable') reasons.push('publishable_key');
  if (!facts) return reasons;
  const emails = [facts.advocate_email, ...(facts.profile_email ? [facts.profile_email] : [])];
  if (settings.selfReferral && input.customerEmail && isSelfReferral(input.customerEmail, emails))
    reasons.push('self_referral');
  // "More than N a day": this one is the (count + 1)th.
  if (settings.visitorVelocity && Number(facts.visitor_count) >= settings.visitorDailyMax)
    reasons.push('visitor_velocity');
  if (settings.visitorVelocity && Number(facts.address_count) >= settings.addressHourlyMax)
    reasons.push('address_velocity');
  if (settings.paidAds && facts.forbid_paid_ads && input.clickId && isPaidAdClick(input.clickId))
    reasons.push('paid_ads');
  if (settings.duplicatePayout && facts.duplicate_payout) reasons.push('duplicate_payout');
  if (settings.disposableEmail && isDisposableEmail(facts.advocate_email))
    reasons.push('disposable_email');
  return reasons;
}
