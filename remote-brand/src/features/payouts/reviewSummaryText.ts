import type { RefusedReportReason, ReviewSummary } from 'contract';
import { waitingText as waitingFor } from 'shared-api';

/** Why a browser report was refused, as the brand reads it. */
export const REFUSED_REASON_TEXT: Record<RefusedReportReason, string> = {
  over_price_cap: 'over the price cap',
  over_max_order_value: 'over the maximum order value',
  currency_mismatch: "not in the product's currency",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 sales waiting for review', or null when none waits for a person (the sidebar's words). */
export const waitingText = (summary: ReviewSummary | undefined): string | null =>
  waitingFor(summary?.held);

/** '3 browser reports refused this week: over the price cap', or null when there were none. */
export function refusedText(summary: ReviewSummary | undefined): string | null {
  const week = summary?.refused_this_week;
  if (!week || week.total === 0) return null;
  const reasons =
    week.by_reason.length === 1
      ? REFUSED_REASON_TEXT[week.by_reason[0].reason]
      : week.by_reason.map((r) => `${r.count} ${REFUSED_REASON_TEXT[r.reason]}`).join(', ');
  return `${plural(week.total, 'browser report', 'browser reports')} refused this week: ${reasons}`;
}
