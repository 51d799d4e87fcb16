import type { BrandStats } from 'contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { useListBrandsQuery } from 'shared-api/catalog';
import {
  Checkbox,
  ErrorBanner,
  formatDateTime,
  formatMoney,
  PageHeader,
  Panel,
  Select,
} from 'shared-ui';
import { StatCard } from 'shared-ui/workspace';
import {
  ControlBar,
  LoadingAnalytics,
  RevenueTrend,
  StatGrid,
  browserTimeZone,
  formatChange,
  formatCount,
  formatDay,
  formatPercent,
  otherCurrencies,
} from 'shared-ui/insights';
import { useGetBrandStatsQuery } from '../insights';
import { DashboardErrorBoundary } from './DashboardErrorBoundary';
import { PaymentsTable } from './PaymentsTable';
import { lastDays } from './periodDays';
import { SetupChecklist } from './SetupChecklist';
import { WaitingForReview } from './WaitingForReview';

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
type Period = (typeof DASHBOARD_PERIODS)[number];
const periodOptions = DASHBOARD_PERIODS.map((days) => ({
  value: String(days),
  label: `Last ${days} days`,
}));

/** `?brandId=3` narrows the dashboard to one brand; anything else means all of them. */
function brandIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('brandId');
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** /brand and /brand/dashboard: the owner's figures for a period, and the latest payments. */
export function DashboardPage() {
  const [params] = useSearchParams();
  const brandId = brandIdFrom(params);
  const [days, setDays] = useState<Period>(30);
  const [timeseries, setTimeseries] = useState(true);
  const [tz] = useState(browserTimeZone);
  // The payments follow the cards' period: the same days, in the same zone.
  const period = useMemo(() => lastDays(days, new Date()), [days]);
  const brands = useListBrandsQuery();
  const brandName = brands.data?.find((b) => b.id === brandId)?.brand_name;
  // The setup checklist is about one brand: the one in the URL, or the owner's only brand.
  const setupBrandId = brandId ?? (brands.data?.length === 1 ? brands.data[0].id : null);
  const stats = useGetBrandStatsQuery({ brandId, days, timeseries, tz });
  // What waits for a person: the brand in the URL, else every brand.
  const reviewed = useMemo(
    () =>
      (brands.data ?? [])
        .filter((b) => brandId === null || b.id === brandId)
        .map((b) => ({ id: b.id, name: b.brand_name })),
    [brands.data, brandId],
  );
  // The figures (cards and chart) are drawn in a transition after the reply lands: React splits
  // that render into short tasks, so the page answers input meanwhile; the placeholder holds
  // their place until then. The period travels with its reply, so no label meets other figures.
  const shown = useMemo(
    () => ({ stats: stats.currentData, days, timeseries }),
    [stats.currentData, days, timeseries],
  );
  const figures = useDeferredValue(shown);

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={
          brandName
            ? `${brandName}: advocates, clicks, conversions and income.`
            : "Your brands' advocates, clicks, conversions and income."
        }
        actions={
          <ControlBar>
            <Select
              aria-label="Period"
              options={periodOptions}
              value={String(days)}
              onChange={(event) => setDays(Number(event.target.value) as Period)}
            />
            <Checkbox
              label="Timeseries"
              checked={timeseries}
              onChange={(event) => setTimeseries(event.target.checked)}
            />
          </ControlBar>
        }
      />
      <DashboardErrorBoundary>
        {setupBrandId !== null && <SetupChecklist brandId={setupBrandId} tz={tz} />}
        <WaitingForReview brands={reviewed} />
        {stats.isError ? (
          <ErrorBanner message="Failed to fetch brand stats" onRetry={() => void stats.refetch()} />
        ) : !stats.currentData || !figures.stats ? (
          <FiguresLoading $timeseries={timeseries}>
            <LoadingAnalytics />
          </FiguresLoading>
        ) : (
          <Figures stats={figures.stats} days={figures.days} timeseries={figures.timeseries} />
        )}
        <Panel title="Payments" gap={3}>
          <PaymentsTable brandId={brandId} tz={tz} {...period} />
        </Panel>
      </DashboardErrorBoundary>
    </>
  );
}

function Figures({
  stats,
  days,
  timeseries,
}: {
  stats: BrandStats;
  days: number;
  timeseries: boolean;
}) {
  const { revenue, meta } = stats;
  const since = `from the previous ${days} days`;
  // Each card's change against the previous period of the same length: 'New' when that period
  // had nothing to compare with (the reply's null), nothing when neither had anything.
  // A rise over a near-empty previous period names that period's figure instead of a percentage.
  const advocatesChange = formatChange(
    stats.advocates.change_percentage,
    stats.advocates.total,
    formatCount(stats.advocates.previous_total),
  );
  const clicksChange = formatChange(
    stats.performance.progress,
    stats.engagement.clicks,
    formatCount(stats.performance.previous_clicks),
  );
  const conversionsChange = formatChange(
    stats.conversions.change_percentage,
    stats.conversions.count,
    formatCount(stats.conversions.previous_count),
  );
  const incomeChange = formatChange(
    revenue.change_percentage,
    revenue.total_revenue,
    formatMoney(revenue.previous_total_revenue, revenue.currency),
  );
  const sinceFor = (change: { smallBase?: boolean }) =>
    change.smallBase ? `in the previous ${days} days` : since;
  return (
    <>
      <Freshness>
        {formatDay(meta.since)} – {formatDay(meta.until)} · Last updated{' '}
        <time dateTime={meta.generated_at}>{formatDateTime(meta.generated_at)}</time>
      </Freshness>
      <StatGrid>
        <StatCard
          title="Advocates"
          value={formatCount(stats.advocates.total)}
          change={advocatesChange?.text}
          changeTone={advocatesChange?.tone}
          hint={
            advocatesChange
              ? advocatesChange.smallBase
                ? `before ${formatDay(meta.since)}`
                : `since ${formatDay(meta.since)}`
              : 'joined your campaigns'
          }
        />
        <StatCard
          title="Clicks"
          value={formatCount(stats.engagement.clicks)}
          change={clicksChange?.text}
          changeTone={clicksChange?.tone}
          hint={clicksChange ? sinceFor(clicksChange) : undefined}
        />
        <StatCard
          title="Conversions"
          value={formatCount(stats.conversions.count)}
          change={conversionsChange?.text}
          changeTone={conversionsChange?.tone}
          hint={`${formatPercent(stats.conversions.rate)} of clicks`}
        />
        <StatCard
          title="Total Income"
          value={formatMoney(revenue.total_revenue, revenue.currency)}
          change={incomeChange?.text}
          changeTone={incomeChange?.tone}
          hint={
            otherCurrencies(revenue.by_currency, revenue.currency) ??
            (incomeChange ? sinceFor(incomeChange) : undefined)
          }
        />
      </StatGrid>
      {timeseries && (
        <Spaced title="Revenue over time">
          <RevenueTrend series={[{ label: 'Revenue', points: revenue.timeseries }]} />
        </Spaced>
      )}
    </>
  );
}

const Freshness = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * Holds the figures' place while they load, so the payments panel below does not move down when
 * they arrive: the date line, the four cards (four across, or two by two on a phone) and, with
 * the timeseries, the chart's panel. Heights as drawn with the demo brand's figures.
 */
const FiguresLoading = styled.div<{ $timeseries: boolean }>`
  min-height: ${({ $timeseries }) => ($timeseries ? 576 : 200)}px;
  ${({ theme }) => theme.media.mobile} {
    min-height: ${({ $timeseries }) => ($timeseries ? 744 : 376)}px;
  }
`;

const Spaced = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;
