// A brand's fraud settings (defaults when never saved): whether publishable keys may report, the
// attribution window, the value cap without a product, and which rules hold a reward.
import { eq } from 'drizzle-orm';
import type { FraudSettings } from 'contract';
import type { Database } from '../../db/client.js';
import { brandFraudSettings } from '../../db/schema.js';

export type BrandFraudSettings = Omit<
  typeof brandFraudSettings.$inferSelect,
  'brandId' | 'updatedAt'
>;

export const DEFAULT_FRAUD_SETTINGS: BrandFraudSettings = {
  publishableKeys: true,
  attributionWindowDays: 90,
  maxOrderValue: 10_000,
  selfReferral: true,
  visitorVelocity: true,
  paidAds: true,
  duplicatePayout: true,
  disposableEmail: true,
  visitorDailyMax: 3,
  addressHourlyMax: 20,
};

export async function fraudSettings(
  db: Pick<Database, 'select'>,
  brandId: number,
): Promise<BrandFraudSettings> {
  const [row] = await db
    .select()
    .from(brandFraudSettings)
    .where(eq(brandFraudSettings.brandId, brandId));
  if (!row) return DEFAULT_FRAUD_SETTINGS;
  const { brandId: _brand, updatedAt: _at, ...settings } = row;
  return settings;
}

export async function saveFraudSettings(
  db: Database,
  brandId: number,
  settings: BrandFraudSettings,
  now: Date,
): Promise<BrandFraudSettings> {
  await db
    .insert(brandFraudSettings)
    .values({ brandId, ...settings, updatedAt: now })
    .onConflictDoUpdate({
      target: brandFraudSettings.brandId,
      set: { ...settings, updatedAt: now },
    });
  return settings;
}

export const toView = (s: BrandFraudSettings): FraudSettings => ({
  publishable_keys: s.publishableKeys,
  attribution_window_days: s.attributionWindowDays,
  max_order_value: s.maxOrderValue,
  rules: {
    self_referral: s.selfReferral,
    visitor_velocity: s.visitorVelocity,
    paid_ads: s.paidAds,
    duplicate_payout: s.duplicatePayout,
    disposable_email: s.disposableEmail,
  },
  visitor_daily_max: s.visitorDailyMax,
  address_hourly_max: s.addressHourlyMax,
});

export const fromView = (v: FraudSettings): BrandFraudSettings => ({
  publishableKeys: v.publishable_keys,
  attributionWindowDays: v.attribution_window_days,
  maxOrderValue: v.max_order_value,
  selfReferral: v.rules.self_referral,
  visitorVelocity: v.rules.visitor_velocity,
  paidAds: v.rules.paid_ads,
  duplicatePayout: v.rules.duplicate_payout,
  disposableEmail: v.rules.disposable_email,
  visitorDailyMax: v.visitor_daily_max,
  addressHourlyMax: v.address_hourly_max,
});
