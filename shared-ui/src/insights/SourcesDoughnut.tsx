import { useMemo } from 'react';
import { DoughnutChart } from 'shared-ui/charts';

export interface SourcesDoughnutProps {
  /** A figure per name, drawn in this order (e.g. direct, social, email, others). */
  values: ReadonlyArray<{ label: string; value: number }>;
  emptyText: string;
  height?: number;
  'aria-label': string;
}

/** A doughnut of named parts, or `emptyText` when every part is zero. */
export function SourcesDoughnut({
  values,
  emptyText,
  height,
  'aria-label': ariaLabel,
}: SourcesDoughnutProps) {
  const labels = useMemo(() => values.map((v) => v.label), [values]);
  const data = useMemo(() => values.map((v) => v.value), [values]);
  return (
    <DoughnutChart
      labels={labels}
      data={data}
      height={height}
      emptyText={emptyText}
      aria-label={`${ariaLabel}: ${values.map((v) => `${v.label} ${v.value}`).join(', ')}`}
    />
  );
}

/** Display names of the traffic sources. */
export const SOURCE_LABELS = {
  direct: 'Direct',
  social: 'Social',
  email: 'Email',
  others: 'Others',
} as const;
