import type { ChangeTone } from '../components/StatCard/StatCard';
import { formatShortDay } from '../dates';

const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

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
  /**
   * The previous figure was next to nothing, so the text names it ('Up from $19.70') instead of
   * a percentage in the tens of thousands; a hint after it reads 'in the previous 90 days'.
   */
  smallBase?: boolean;
}

/** From this rise on (now at least 11 times before), a percentage says less than the figure. */
const SMALL_BASE_PERCENT = 1000;

/**
 * A change against the previous period, in percent: '+12.5%', '-3%', '0%' (unchanged). Null
 * (nothing to compare with: the previous period had none; the stats reply says so with null)
 * reads 'New' when there is activity now, else nothing to say. A rise over a near-empty base
 * (11 times the previous figure or more) names the previous figure, `previous` as displayed
 * ('Up from $19.70'), or says 'Over 10×' without it: '+53,871.4%' tells a reader nothing.
 */
export function formatChange(
  percent: number | null | undefined,
  current = 0,
  previous?: string,
): ChangeText | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) {
    return current > 0 ? { text: 'New', tone: 'positive' } : null;
  }
  if (percent >= SMALL_BASE_PERCENT) {
    return previous !== undefined
      ? { text: `Up from ${previous}`, tone: 'positive', smallBase: true }
      : { text: 'Over 10×', tone: 'positive' };
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

/** A day of a series ('2025-03-01') as an axis label: 'Mar 1' (the one date style, dates.ts). */
export function formatDay(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0];
  return day ? formatShortDay(day) : date;
}
