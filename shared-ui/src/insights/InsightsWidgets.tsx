import { useMemo, type ReactNode } from 'react';
import { fromMills, toMills } from 'contract/currency';
import { StatCard } from 'shared-ui/workspace';
import { Panel, formatMoney, useExportableTable, type ExportColumn } from 'shared-ui';
import { formatChange, formatCount, formatPercent } from './format';
import { RevenueTrend } from './RevenueTrend';
import { SOURCE_LABELS, SourcesDoughnut } from './SourcesDoughnut';
import { PanelRow, StatGrid, TableRow } from './StatGrid';
import { TopAdvocatesTable, TopPlatformsTable } from './TopTables';
import type { InsightsStats } from './types';

/** Whose figures: the brand's (its revenue, net of rewards) or one advocate's own. */
export type InsightsAudience = 'brand' | 'advocate';

export interface InsightsWidgetsProps {
  stats: InsightsStats;
  /** Default 'brand'. An advocate reads of their sales and their earnings, no top advocates. */
  audience?: InsightsAudience;
  /** The platforms metric select, drawn in the top platforms panel. */
  platformControls?: ReactNode;
}

/**
 * Sales in currencies other than the figure's own, listed rather than added: amounts in
 * different currencies are never summed. Null when there are none.
 */
export function otherCurrencies(
  byCurrency: ReadonlyArray<{ currency: string; total_revenue: number }>,
  currency: string,
): string | null {
  const others = byCurrency.filter((c) => c.currency !== currency && c.total_revenue !== 0);
  if (others.length === 0) return null;
  return `Also ${others.map((c) => formatMoney(c.total_revenue, c.currency)).join(', ')}`;
}

/** The traffic sources in their display order, with the figure of each. */
export function sourceParts(bySource: InsightsStats['performance']['by_source']) {
  return (Object.keys(SOURCE_LABELS) as Array<keyof typeof SOURCE_LABELS>).map((key) => ({
    label: SOURCE_LABELS[key],
    value: bySource[key],
  }));
}

type TopAdvocate = InsightsStats['advocates']['top_advocates'][number];
/** The top advocates as Export saves them: revenue in the figures' currency, with its code. */
const topAdvocateExport = (currency: string): ExportColumn<TopAdvocate>[] => [
  { header: 'Advocate', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Brands', value: (r) => r.brands.join(', ') },
  { header: 'Revenue', money: (r) => [{ amount: r.amount, currency }] },
  { header: 'Conversions', value: (r) => r.conversion },
];

/**
 * The analytics widgets of the insights screens: summary cards, the revenue line, visits by
 * source, top advocates and top platforms. The brand's and the advocate's pages draw the same
 * widgets on their own figures.
 */
/** total − net, exact in thousandths (KWD keeps its third decimal): the advocate's earnings. */
const earned = (total: number, net: number) => fromMills(toMills(total) - toMills(net));

export function InsightsWidgets({
  stats,
  platformControls,
  audience = 'brand',
}: InsightsWidgetsProps) {
  const advocate = audience === 'advocate';
  const { revenue, conversions, visitors, performance } = stats;
  const currency = revenue.currency;
  const revenueChange = formatChange(
    revenue.change_percentage,
    revenue.total_revenue,
    formatMoney(revenue.previous_total_revenue, revenue.currency),
  );
  const series = useMemo(
    () =>
      advocate
        ? [
            { label: 'Sales you brought', points: revenue.timeseries },
            {
              label: 'Your earnings',
              points: revenue.timeseries.map((p, i) => ({
                ...p,
                amount: earned(p.amount, revenue.timeseries_net_revenue[i]?.amount ?? p.amount),
              })),
            },
          ]
        : [
            { label: 'Revenue', points: revenue.timeseries },
            { label: 'Net revenue', points: revenue.timeseries_net_revenue },
          ],
    [advocate, revenue.timeseries, revenue.timeseries_net_revenue],
  );
  const exportColumns = useMemo(() => topAdvocateExport(currency), [currency]);
  const sources = useMemo(() => sourceParts(performance.by_source), [performance.by_source]);
  // The header's Export downloads the top advocates, in the reply's currency.
  useExportableTable(
    advocate
      ? null
      : { name: 'top-advocates', columns: exportColumns, rows: stats.advocates.top_advocates },
  );

  return (
    <>
      <StatGrid>
        <StatCard
          title={advocate ? 'Sales you brought' : 'Total Revenue'}
          value={formatMoney(revenue.total_revenue, currency)}
          change={revenueChange?.text}
          changeTone={revenueChange?.tone}
          hint={
            otherCurrencies(revenue.by_currency, currency) ??
            (revenueChange
              ? revenueChange.smallBase
                ? 'last period'
                : 'from last period'
              : undefined)
          }
        />
        {advocate ? (
          <StatCard
            title="Your earnings"
            value={formatMoney(earned(revenue.total_revenue, revenue.net_revenue), currency)}
            hint="your rewards on these sales"
          />
        ) : (
          <StatCard
            title="Net Revenue"
            value={formatMoney(revenue.net_revenue, currency)}
            hint="after advocate rewards"
          />
        )}
        <StatCard
          title="Conversion Rate"
          value={formatPercent(conversions.rate)}
          hint={`${formatCount(conversions.count)} conversion${conversions.count === 1 ? '' : 's'}`}
        />
        <StatCard
          title="Unique Visitors"
          value={formatCount(visitors.unique_visitors)}
          hint={`${formatCount(visitors.avg_sessions_per_day)} clicks a day on average`}
        />
      </StatGrid>
      <PanelRow>
        <Panel title={advocate ? 'Sales and earnings' : 'Revenue'}>
          <RevenueTrend
            series={series}
            aria-label={advocate ? 'Your sales and earnings over time' : 'Revenue over time'}
          />
        </Panel>
        <Panel title="Visits by source">
          <SourcesDoughnut
            values={sources}
            emptyText="No visits yet"
            aria-label="Visits by source"
          />
        </Panel>
      </PanelRow>
      <TableRow>
        {/* An advocate's own figures have one advocate: no table of one. */}
        {!advocate && (
          <Panel title="Top advocates">
            <TopAdvocatesTable rows={stats.advocates.top_advocates} currency={currency} />
          </Panel>
        )}
        <Panel title="Top platforms" actions={platformControls}>
          <TopPlatformsTable rows={stats.platforms.top} currency={currency} />
        </Panel>
      </TableRow>
    </>
  );
}
