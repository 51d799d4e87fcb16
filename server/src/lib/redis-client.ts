// The options every Redis client of the server uses. Redis is on the request path (the one-hour
// visitor window of every new visitor's redirect, the rate limits of sign-in and registration),
// and each caller has a fallback for a Redis it cannot use: the visitor window counts in this
// process's memory, the limits let the request through. So a command never waits long: a Redis
// that is down fails at once (no offline queue), and one that is slow (swapping, a long script,
// paused) fails after REDIS_TIMEOUT_MS (config.ts, 50 by default), taking the same fallback,
// instead of holding every new visitor and every sign-in for as long as it stalls.
import type { RedisOptions } from 'ioredis';

/** Default longest wait for a Redis reply on a request path; a healthy one answers in < 1 ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 50;

/**
 * The options, with `commandTimeoutMs` the wait. (A process whose event loop lags more than it,
 * e.g. a test suite on a crowded machine, reads late replies as timeouts: the tests set more.)
 */
export const redisRequestPathOptions = (commandTimeoutMs: number): RedisOptions => ({
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: commandTimeoutMs,
});
