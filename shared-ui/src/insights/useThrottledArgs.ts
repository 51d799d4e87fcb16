import { useCallback, useEffect, useRef, useState } from 'react';

/** The least time between two analytics fetches, in ms. */
export const ANALYTICS_THROTTLE_MS = 300;

export interface ThrottledArgs<A> {
  /** The arguments to fetch with now; they follow `wanted` once the pacing allows. */
  args: A;
  /**
   * Runs `refetch` unless a fetch is under way or the last one began under the throttle time ago,
   * and says whether it ran.
   */
  refresh: (refetch: () => void) => boolean;
}

/**
 * The pacing of analytics fetches: `args` follows `wanted` (arguments as plain JSON values), but
 * never while `busy` (a fetch is loading) nor within `throttleMs` of the last change of `args`.
 * Quick successive changes collapse into one change to the last choice, made once the loading
 * fetch ends and the throttle time has passed, so the screen never stays on a choice the user left.
 */
function usePacing<A>(
  wanted: A,
  busy: boolean,
  throttleMs: number,
): [A, (refetch: () => void) => boolean] {
  const [args, setArgs] = useState(wanted);
  const lastFetchAt = useRef(0);
  const wantedKey = JSON.stringify(wanted) ?? 'null';
  const argsKey = JSON.stringify(args) ?? 'null';

  useEffect(() => {
    // Null arguments fetch nothing (a query waiting for what it needs), so they start no clock.
    if (argsKey !== 'null') lastFetchAt.current = Date.now();
  }, [argsKey]);

  useEffect(() => {
    if (wantedKey === argsKey || busy) return undefined;
    const wait = Math.max(0, lastFetchAt.current + throttleMs - Date.now());
    const timer = setTimeout(() => setArgs(JSON.parse(wantedKey) as A), wait);
    return () => clearTimeout(timer);
  }, [wantedKey, argsKey, busy, throttleMs]);

  const refresh = useCallback(
    (refetch: () => void) => {
      if (busy || Date.now() - lastFetchAt.current < throttleMs) return false;
      lastFetchAt.current = Date.now();
      refetch();
      return true;
    },
    [busy, throttleMs],
  );
  return [args, refresh];
}

/**
 * Analytics fetch pacing: a new fetch is skipped while one is loading or within
 * ANALYTICS_THROTTLE_MS of the last, and happens when what is asked for (timeframe, metric,
 * brand) changes.
 */
export function useThrottledArgs<A>(
  wanted: A,
  busy: boolean,
  throttleMs: number = ANALYTICS_THROTTLE_MS,
): ThrottledArgs<A> {
  const [args, refresh] = usePacing(wanted, busy, throttleMs);
  return { args, refresh };
}

interface FetchingResult {
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A query hook (an RTK Query `useXQuery`) under the analytics pacing: `wanted` is what the
 * controls say now; the query runs with the paced arguments, and counts as busy while it
 * fetches. `refresh()` refetches the current arguments unless the pacing says to skip.
 */
export function useThrottledQuery<A, R extends FetchingResult>(
  useQuery: (args: A) => R,
  wanted: A,
  throttleMs: number = ANALYTICS_THROTTLE_MS,
): R & { args: A; refresh: () => boolean } {
  const [busy, setBusy] = useState(false);
  const [args, refresh] = usePacing(wanted, busy, throttleMs);
  const result = useQuery(args);
  // The pacing needs the query's state of the previous render; a query's own isFetching only
  // exists after the query hook ran.
  if (busy !== result.isFetching) setBusy(result.isFetching);
  const { refetch } = result;
  const refreshNow = useCallback(() => refresh(() => void refetch()), [refresh, refetch]);
  return { ...result, args, refresh: refreshNow };
}
