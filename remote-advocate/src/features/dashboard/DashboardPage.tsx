import type { Performance } from 'contract';
import { useDeferredValue, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ErrorBanner, PageHeader, Panel, Select, formatMoney } from 'shared-ui';
import { StatCard } from 'shared-ui/workspace';
import {
  LoadingAnalytics,
  RevenueTrend,
  StatGrid,
  browserTimeZone,
  formatChange,
  formatCount,
  otherCurrencies,
  percentChange,
} from 'shared-ui/insights';
import { BreakdownTable } from './BreakdownTable';
import {
  ADVOCATE_PERIODS,
  DEFAULT_ADVOCATE_PERIOD,
  periodRange,
  previousRange,
  type AdvocatePeriod,
} from './periods';
import { useGetPerformanceQuery } from './performanceApi';

const periodOptions = ADVOCATE_PERIODS.map((p) => ({ value: p.value, label: p.label }));
type Metric = 'clicks' | 'subscribers' | 'revenue' | 'earnings';

/** /advocate and /advocate/dashboard: the advocate's clicks, subscribers, revenue and earnings. */
export function DashboardPage() {
  const [period, setPeriod] = useState<AdvocatePeriod>(DEFAULT_ADVOCATE_PERIOD);
  const [tz] = useState(browserTimeZone);
  const range = useMemo(() => periodRange(period, new Date()), [period]);
  const current = useGetPerformanceQuery({ ...range, timeseries: true, tz });
  // While another period loads, the last figures stay (marked busy) so the selector stays put.
  const data = current.data;
  // The previous period of the same length, in the same currency, for the cards' change. All
  // Time has no previous period.
  const previous = useGetPerformanceQuery(
    { ...previousRange(range), timeseries: false, tz, currency: data?.meta.currency },
    { skip: !data || period === 'all' },
  );

  // The figures are drawn in a transition after a reply lands: React splits that render into
  // short tasks, so the page answers input meanwhile. The selector shows the chosen period at once.
  const shown = useMemo(
    () => ({ data, previous: previous.currentData?.metrics }),
    [data, previous.currentData],
  );
  const figures = useDeferredValue(shown);

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Your clicks, subscribers, revenue and earnings." />
      {current.isError ? (
        <ErrorBanner message="Failed to load performance" onRetry={() => void current.refetch()} />
      ) : !data || !figures.data ? (
        <LoadingAnalytics />
      ) : (
        <Figures
          busy={current.isFetching || figures !== shown}
          data={figures.data}
          previous={figures.previous}
          period={period}
          onPeriodChange={setPeriod}
        />
      )}
    </>
  );
}

function Figures({
  busy,
  data,
  previous,
  period,
  onPeriodChange,
}: {
  busy: boolean;
  data: Performance;
  previous: Performance['metrics'] | undefined;
  period: AdvocatePeriod;
  onPeriodChange: (period: AdvocatePeriod) => void;
}) {
  const { metrics, meta, summary } = data;
  const currency = meta.currency;
  const change = (metric: Metric) => {
    if (!previous) return {};
    const before =
      metric === 'revenue' || metric === 'earnings'
        ? formatMoney(previous[metric], currency)
        : formatCount(previous[metric]);
    const text = formatChange(
      percentChange(metrics[metric], previous[metric]),
      metrics[metric],
      before,
    );
    return text
      ? {
          change: text.text,
          changeTone: text.tone,
          hint: text.smallBase ? 'last period' : 'from last period',
        }
      : { hint: 'from last period' };
  };
  const series = useMemo(
    () => [
      { label: 'Revenue', points: data.timeseries.revenue },
      { label: 'Earnings', points: data.timeseries.earnings },
    ],
    [data.timeseries],
  );
  const otherRevenue = otherCurrencies(
    summary.by_currency.map((c) => ({ currency: c.currency, total_revenue: c.revenue })),
    currency,
  );
  const otherEarnings = otherCurrencies(
    summary.by_currency.map((c) => ({ currency: c.currency, total_revenue: c.total_earnings })),
    currency,
  );

  return (
    <div aria-busy={busy || undefined}>
      <StatGrid>
        <StatCard title="Clicks" value={formatCount(metrics.clicks)} {...change('clicks')} />
        <StatCard
          title="Subscribers"
          value={formatCount(metrics.subscribers)}
          {...change('subscribers')}
        />
        <StatCard
          title="Revenue"
          value={formatMoney(metrics.revenue, currency)}
          {...change('revenue')}
          {...(otherRevenue ? { hint: otherRevenue } : {})}
        />
        <StatCard
          title="Earnings"
          value={formatMoney(metrics.earnings, currency)}
          {...change('earnings')}
          {...(otherEarnings ? { hint: otherEarnings } : {})}
        />
      </StatGrid>
      <Spaced
        title="Revenue Over Time"
        actions={
          <PeriodSelect
            aria-label="Period"
            options={periodOptions}
            value={period}
            onChange={(event) => onPeriodChange(event.target.value as AdvocatePeriod)}
          />
        }
      >
        <RevenueTrend series={series} />
      </Spaced>
      <Panel title="Performance by campaign">
        <BreakdownTable rows={data.breakdown} currency={currency} />
      </Panel>
    </div>
  );
}

const Spaced = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

// Its own width beside the panel title, not the whole row.
const PeriodSelect = styled(Select)`
  width: auto;
  min-width: 160px;
`;
