// Durations as people write them in settings: '5s', '5m', '30m', '2h', '1d', '250ms'.

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '30m' → 1_800_000; undefined when `text` is not a whole positive number and a unit. */
export function parseDuration(text: string): number | undefined {
  const match = /^([1-9][0-9]{0,6})(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/**
 * '5s,5m,30m' → [5000, 300000, 1800000]; throws an Error naming the first entry that is not a
 * duration (the caller adds the setting's name).
 */
export function parseDurationList(text: string): number[] {
  return text.split(',').map((entry) => {
    const ms = parseDuration(entry);
    if (ms === undefined) {
      throw new Error(
        `"${entry.trim()}" is not a duration (a whole number then ms, s, m, h or d, e.g. 5s,5m,2h)`,
      );
    }
    return ms;
  });
}

/** 300000 → '5m': the largest unit that divides it. */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    if (ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${ms}ms`;
}
