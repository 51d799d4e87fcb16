// Rate limits for credential and mail endpoints, built on @fastify/rate-limit's stores.
// A route may need several limits at once (per IP, and per IP + email), which the plugin's own
// per-route config cannot express, so routes get a guard combining `createRateLimit` checkers
// (rateLimitGuard, keys read from the request), or count against limits whose keys the handler
// knows once it has validated and authorised the request (enforceRateLimits; lib/mail-limits.ts).
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { redisRequestPathOptions } from '../lib/redis-client.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../config.js';
import { HttpError } from '../lib/http-error.js';

export interface LimitSpec {
  /** Names the counter: routes using the same name share one budget. */
  name: string;
  rule: RateLimitRule;
  /** The counter key for this request; undefined skips this limit (e.g. no email in the body). */
  key: (request: FastifyRequest) => string | undefined;
}

/** A limit whose counter key is already known (e.g. a checked brand id and a validated email). */
export interface KeyedLimit {
  /** Names the counter: callers using the same name share one budget. */
  name: string;
  rule: RateLimitRule;
  key: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preValidation hook enforcing every given limit; over a limit → 429 with Retry-After. */
    rateLimitGuard: (
      limits: LimitSpec[],
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Counts the request against each limit in turn; over one → 429 with Retry-After, and the
     * limits after it are not counted (so a request refused for one address does not spend its
     * brand's budget).
     */
    enforceRateLimits: (
      request: FastifyRequest,
      reply: FastifyReply,
      limits: KeyedLimit[],
    ) => Promise<void>;
  }
}

/** The request as a checker sees it: the request itself, carrying the counter key to use. */
const LIMIT_KEY = Symbol('rate-limit key');
type KeyedRequest = FastifyRequest & { [LIMIT_KEY]: string };

/** The email in a JSON body, normalised, if there is one (the body is parsed, not yet validated). */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  const email = (body as { email: unknown }).email;
  return typeof email === 'string' && email.length <= 254 ? email.trim().toLowerCase() : undefined;
}

/**
 * The Redis client for shared counters, connected before the server starts. Commands fail at
 * once while Redis is unreachable (no offline queue; the client keeps reconnecting) and the
 * limits then let requests through (skipOnError): an outage of the counter store must not take
 * sign-in down with it.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // A slow Redis times out like a missing one (lib/redis-client.ts): the request goes through.
  const redis = new Redis(url, redisRequestPathOptions(app.deps.config.redisTimeoutMs));
  redis.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit store (Redis) unavailable'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await redis.connect().catch(() => {
    // logged by the error listener; requests are let through until it reconnects
  });
  return redis;
}

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const { redisUrl, redisPrefix } = app.deps.config;
  // global: false → only routes that ask are limited. Counters live in memory (one instance) or,
  // with REDIS_URL, in Redis, shared by every instance behind a load balancer.
  await app.register(rateLimit, {
    global: false,
    ...(redisUrl && {
      redis: await connectRedis(app, redisUrl),
      nameSpace: `${redisPrefix}rate-limit:`,
      skipOnError: true,
    }),
  });

  // One counter store per limit name, so routes naming the same limit share its budget
  // (e.g. every auth/* route counts against the same per-email limit).
  type Checker = ReturnType<FastifyInstance['createRateLimit']>;
  const checkersByName = new Map<string, Checker>();
  const checkerFor = (limit: KeyedLimit): Checker => {
    let checker = checkersByName.get(limit.name);
    if (!checker) {
      checker = app.createRateLimit({
        max: limit.rule.max,
        timeWindow: limit.rule.windowMs,
        // The limit's name first: in Redis all limits share one key space.
        keyGenerator: (request) => `${limit.name}:${(request as KeyedRequest)[LIMIT_KEY]}`,
      });
      checkersByName.set(limit.name, checker);
    }
    return checker;
  };

  const enforce = async (request: FastifyRequest, reply: FastifyReply, limits: KeyedLimit[]) => {
    for (const limit of limits) {
      // A view of the request carrying this limit's key (the checker reads the route's config
      // through it too); the request itself is not changed.
      const keyed = Object.create(request, { [LIMIT_KEY]: { value: limit.key } }) as KeyedRequest;
      const result = await checkerFor(limit)(keyed);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('Retry-After', String(seconds));
        throw new HttpError(429, `Too many requests. Try again in ${seconds} seconds.`);
      }
    }
  };
  app.decorate('enforceRateLimits', enforce);

  app.decorate('rateLimitGuard', (limits: LimitSpec[]) => async (request, reply) => {
    const keyed = limits.flatMap(({ name, rule, key }) => {
      const value = key(request);
      return value === undefined ? [] : [{ name, rule, key: value }];
    });
    await enforce(request, reply, keyed);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
