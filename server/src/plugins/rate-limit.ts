// Rate limits for credential and mail endpoints, built on @fastify/rate-limit's stores.
// A route may need several limits at once (per IP, and per IP + email), which the plugin's own
// per-route config cannot express, so routes get a guard combining `createRateLimit` checkers.
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { redisRequestPathOptions } from '../lib/redis-client.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

declare module 'fastify' {
  interface FastifyInstance {
    /** A preValidation hook enforcing every given limit; over a limit → 429 with Retry-After. */
    rateLimitGuard: (
      limits: LimitSpec[],
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

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
  const checkerFor = (limit: LimitSpec): Checker => {
    let checker = checkersByName.get(limit.name);
    if (!checker) {
      checker = app.createRateLimit({
        max: limit.rule.max,
        timeWindow: limit.rule.windowMs,
        // The limit's name first: in Redis all limits share one key space.
        keyGenerator: (request) => `${limit.name}:${limit.key(request) ?? ''}`,
      });
      checkersByName.set(limit.name, checker);
    }
    return checker;
  };

  app.decorate('rateLimitGuard', (limits: LimitSpec[]) => {
    const checkers = limits.map((limit) => ({ limit, check: checkerFor(limit) }));
    return async (request, reply) => {
      for (const { limit, check } of checkers) {
        if (limit.key(request) === undefined) continue;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          const seconds = Math.max(1, result.ttlInSeconds);
          reply.header('Retry-After', String(seconds));
          throw new HttpError(429, `Too many requests. Try again in ${seconds} seconds.`);
        }
      }
    };
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
