// A brand's money settings: the hold period and the payout minimum (defaults when never saved).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandPayoutSettings } from '../../db/schema.js';
import { DEFAULT_HOLD_DAYS, DEFAULT_PAYOUT_MINIMUM } from './reasons.js';
import { changedFields, recordAudit, type AuditActor } from '../audit/index.js';

export interface PayoutSettings {
  holdDays: number;
  payoutMinimum: number;
}

/** The settings as read, with when they were saved (null: never, the defaults apply). */
export interface StoredPayoutSettings extends PayoutSettings {
  savedAt: Date | null;
}

export async function payoutSettings(
  db: Pick<Database, 'select'>,
  brandId: number,
): Promise<StoredPayoutSettings> {
  const [row] = await db
    .select({
      holdDays: brandPayoutSettings.holdDays,
      payoutMinimum: brandPayoutSettings.payoutMinimum,
      savedAt: brandPayoutSettings.updatedAt,
    })
    .from(brandPayoutSettings)
    .where(eq(brandPayoutSettings.brandId, brandId));
  return (
    row ?? { holdDays: DEFAULT_HOLD_DAYS, payoutMinimum: DEFAULT_PAYOUT_MINIMUM, savedAt: null }
  );
}

/**
 * Saves the brand's settings; with `audit`, the change (before and after) is recorded in the
 * same transaction, once, and only when something changed.
 */
export async function savePayoutSettings(
  db: Database,
  brandId: number,
  settings: PayoutSettings,
  now: Date,
  audit?: AuditActor,
): Promise<PayoutSettings> {
  const values = { brandId, ...settings, updatedAt: now };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        holdDays: brandPayoutSettings.holdDays,
        payoutMinimum: brandPayoutSettings.payoutMinimum,
      })
      .from(brandPayoutSettings)
      .where(eq(brandPayoutSettings.brandId, brandId))
      .for('update');
    const previous = before ?? {
      holdDays: DEFAULT_HOLD_DAYS,
      payoutMinimum: DEFAULT_PAYOUT_MINIMUM,
    };
    await tx
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
    const change = changedFields(
      { hold_days: previous.holdDays, payout_minimum: Number(previous.payoutMinimum) },
      { hold_days: settings.holdDays, payout_minimum: Number(settings.payoutMinimum) },
    );
    if (audit && change)
      await recordAudit(tx, audit, {
        brandId,
        action: 'payout_settings.updated',
        target: { kind: 'payout_settings', id: brandId, label: null },
        ...change,
        at: now,
      });
  });
  return settings;
}
