import type { ChangeTone } from '../components/StatCard/StatCard';

const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** 1234 → '1,234'. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A percentage already in percent: 12.34 → '12.3%'. */
export function formatPercent(value: number): string {
  return `${percents.format(value)}%`;
}

export interface ChangeText {
  text: string;
  tone: ChangeTone;
}

/**
 * A change against the previous period, in percent: '+12.5%', '-3%', '0%' (unchanged). Null
 * (nothing to compare with: the previous period had none; the stats reply says so with null)
 * reads 'New' when there is activity now, else nothing to say.
 */
export function formatChange(percent: number | null | undefined, current = 0): ChangeText | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) {
    return current > 0 ? { text: 'New', tone: 'positive' } : null;
  }
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return { text: '0%', tone: 'neutral' };
  return {
    text: `${rounded > 0 ? '+' : ''}${percents.format(rounded)}%`,
    tone: rounded > 0 ? 'positive' : 'negative',
  };
}

/** The change from `previous` to `current` in percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** A day of a series ('2025-03-01') as an axis label: 'Mar 1'. */
export function formatDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return dayLabel.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
