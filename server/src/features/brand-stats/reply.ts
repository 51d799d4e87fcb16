// The reply of brand/stats/ and me/stats/: the query's options read once, the same for a brand's
// figures and for an advocate's own.
import type { StatsQuery, StatsReply } from 'contract';
import type { AppDeps } from '../../plugins/context.js';
import { checkTimeZone, currencyOf, mainCurrency } from '../rollups/index.js';
import { computeStats } from './stats.js';

/** The figures of `brandIds` (only `advocateId`'s own links and conversions when given). */
export async function statsReply(
  { readDb: db, clicks, clock }: Pick<AppDeps, 'readDb' | 'clicks' | 'clock'>,
  brandIds: number[],
  advocateId: number | undefined,
  query: StatsQuery,
): Promise<StatsReply> {
  const tz = checkTimeZone(query.tz);
  // Clicks still in the buffer count too: the caller sees their own test click at once.
  await clicks.flush();
  const currency = currencyOf(query.currency, await mainCurrency(db, brandIds));
  const data = await computeStats(db, brandIds, advocateId, {
    days: query.days ?? 30,
    tz,
    timeseries: (query.timeseries ?? 1) === 1,
    platformsMetric: query.platforms_metric ?? 'revenue',
    platformsLimit: query.platforms_limit ?? 5,
    currency,
    now: clock(),
  });
  return { data };
}
