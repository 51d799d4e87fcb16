// Browser reports refused at the door (a publishable key's sale above what it can be): each is
// kept, so the brand sees them under review instead of only the shop visitor's console.
import type { Database } from '../../db/client.js';
import { refusedReports } from '../../db/schema.js';
import type { Refusal } from './publishable.js';

export interface RefusedReport {
  brandId: number;
  campaignId: number;
  advocateId: number;
  productId: number | null;
  conversionRef: string;
  value: number;
  currency: string;
  quantity: number;
  at: Date;
}

/** Keeps one refused report. Nothing about the customer: only what the sale claimed. */
export async function recordRefusedReport(
  db: Database,
  report: RefusedReport,
  refusal: Refusal,
): Promise<void> {
  await db.insert(refusedReports).values({
    brandId: report.brandId,
    campaignId: report.campaignId,
    advocateId: report.advocateId,
    productId: report.productId,
    conversionRef: report.conversionRef,
    reason: refusal.reason,
    message: refusal.message,
    value: report.value,
    currency: report.currency,
    quantity: report.quantity,
    createdAt: report.at,
  });
}
