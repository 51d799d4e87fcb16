// A brand's money settings: the hold period and the payout minimum (defaults when never saved).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandPayoutSettings } from '../../db/schema.js';
import { DEFAULT_HOLD_DAYS, DEFAULT_PAYOUT_MINIMUM } from './reasons.js';

export interface PayoutSettings {
  holdDays: number;
  payoutMinimum: number;
}

export async function payoutSettings(
  db: Pick<Database, 'select'>,
  brandId: number,
): Promise<PayoutSettings> {
  const [row] = await db
    .select({
      holdDays: brandPayoutSettings.holdDays,
      payoutMinimum: brandPayoutSettings.payoutMinimum,
    })
    .from(brandPayoutSettings)
    .where(eq(brandPayoutSettings.brandId, brandId));
  return row ?? { holdDays: DEFAULT_HOLD_DAYS, payoutMinimum: DEFAULT_PAYOUT_MINIMUM };
}

export async function savePayoutSettings(
  db: Database,
  brandId: number,
  settings: PayoutSettings,
  now: Date,
): Promise<PayoutSettings> {
  const values = { brandId, ...settings, updatedAt: now };
  await db
    .insert(brandPayoutSettings)
    .values(values)
    .onConflictDoUpdate({
      target: brandPayoutSettings.brandId,
      set: {
        holdDays: sql`excluded.hold_days`,
        payoutMinimum: sql`excluded.payout_minimum`,
        updatedAt: now,
      },
    });
  return settings;
}
