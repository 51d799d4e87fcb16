import styled from 'styled-components';
import { Select } from 'shared-ui';
import {
  INSIGHTS_TIMEFRAMES,
  PLATFORM_METRICS,
  type InsightsDays,
  type PlatformMetric,
} from './periods';

const timeframeOptions = INSIGHTS_TIMEFRAMES.map((t) => ({
  value: String(t.days),
  label: t.label,
}));
const metricOptions = PLATFORM_METRICS.map((m) => ({ value: m.value, label: m.label }));

export function TimeframeSelect({
  value,
  onChange,
}: {
  value: InsightsDays;
  onChange: (days: InsightsDays) => void;
}) {
  return (
    <NarrowSelect
      aria-label="Timeframe"
      options={timeframeOptions}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value) as InsightsDays)}
    />
  );
}

export function PlatformMetricSelect({
  value,
  onChange,
}: {
  value: PlatformMetric;
  onChange: (metric: PlatformMetric) => void;
}) {
  return (
    <NarrowSelect
      aria-label="Platforms metric"
      options={metricOptions}
      value={value}
      onChange={(event) => onChange(event.target.value as PlatformMetric)}
    />
  );
}

export interface BrandOption {
  id: number;
  name: string;
}

/** '' is every brand at once. */
export function BrandSelect({
  brands,
  value,
  onChange,
}: {
  brands: readonly BrandOption[];
  value: number | null;
  onChange: (brandId: number | null) => void;
}) {
  return (
    <NarrowSelect
      aria-label="Brand"
      placeholder="All brands"
      options={brands.map((b) => ({ value: String(b.id), label: b.name }))}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
    />
  );
}

// As wide as its longest option, but never wider than the bar: a long brand name is cut (the
// open list shows it whole) instead of pushing a phone's page sideways.
const NarrowSelect = styled(Select)`
  width: auto;
  min-width: 150px;
  max-width: 100%;
  text-overflow: ellipsis;
`;

/** The controls above an analytics screen, wrapping on phones. */
export const ControlBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
`;
