// Builds the Fastify application. Everything environment-specific comes in through options, so
// tests build the same app on an in-memory database with a fake clock and mailer.
import { createServer } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Settings } from 'typebox/system';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { proxyTrust } from './lib/client-address.js';
import { createAccessTokens } from './features/auth/access-tokens.js';
import { OtpService } from './features/auth/otp.js';
import otpRoutes from './features/auth/otp-routes.js';
import registerRoutes from './features/auth/register-routes.js';
import { SessionStore } from './features/auth/sessions.js';
import tokenRoutes from './features/auth/token-routes.js';
import twoFactorRoutes from './features/two-factor/routes.js';
import teamRoutes from './features/teams/routes.js';
import invitationDetailsRoutes from './features/teams/invitation-details-routes.js';
import auditRoutes from './features/audit/routes.js';
import brandRoutes from './features/brands/routes.js';
import brandEditRoutes from './features/brands/edit-routes.js';
import campaignRoutes from './features/campaigns/routes.js';
import groupRoutes from './features/groups/routes.js';
import groupJobPlugin from './features/groups/job.js';
import uploadsPlugin from './features/files/plugin.js';
import uploadSweepJobPlugin from './features/files/sweep-job.js';
import fileRoutes from './features/files/routes.js';
import { FileUrlSigner } from './features/files/signing.js';
import { UploadStore } from './features/files/storage.js';
import apiKeyRoutes from './features/api-keys/routes.js';
import campaignStatsRoutes from './features/campaign-stats/routes.js';
import brandStatsRoutes from './features/brand-stats/routes.js';
import myStatsRoutes from './features/my-stats/routes.js';
import paymentsRoutes from './features/payments/routes.js';
import brandAdvocatesRoutes from './features/brand-advocates/routes.js';
import advocateRemovalRoutes from './features/advocate-removals/routes.js';
import advocateCampaignRoutes from './features/advocate-campaigns/routes.js';
import advocateAnalyticsRoutes from './features/advocate-analytics/routes.js';
import conversionRoutes from './features/conversions/routes.js';
import joinRoutes from './features/joins/routes.js';
import { programRoutes } from './features/programs/index.js';
import { ClickBuffer } from './features/redirects/click-buffer.js';
import { ClickJournal } from './features/redirects/click-journal.js';
import { storeClickBatch, writeClicks } from './features/redirects/click-store.js';
import { ShareLinkResolver } from './features/redirects/link-resolver.js';
import redirectRoutes from './features/redirects/routes.js';
import {
  createShareLinkRedirect,
  UNIQUE_CLICK_WINDOW_MS,
  type ShareLinkRedirect,
} from './features/redirects/share-link-redirect.js';
import { memoryVisitorWindow, redisVisitorWindow } from './features/redirects/visitor-window.js';
import sdkScriptRoutes from './features/sdk-script/routes.js';
import healthRoutes from './features/health/routes.js';
import productRoutes from './features/products/routes.js';
import preferenceRoutes from './features/preferences/routes.js';
import webhookRoutes from './features/webhooks/routes.js';
import notificationRoutes from './features/notifications/routes.js';
import { emailApiRoutes, unsubscribePageRoutes } from './features/emails/routes.js';
import profileRoutes from './features/profiles/routes.js';
import roleRoutes from './features/roles/routes.js';
import userRoutes from './features/users/routes.js';
import remotesRoutes from './features/web/remotes.js';
import earningsRoutes from './features/earnings/routes.js';
import holdJobPlugin from './features/ledger/hold-job.js';
import eventsJobPlugin from './features/events/job.js';
import partitionJobPlugin from './features/click-partitions/job.js';
import pgliteVacuumJobPlugin from './features/pglite-vacuum/job.js';
import payoutMethodRoutes from './features/payout-methods/routes.js';
import payoutRoutes from './features/payouts/routes.js';
import refundRoutes from './features/refunds/routes.js';
import stripeRoutes from './features/integrations/stripe/routes.js';
import webhookProviderRoutes from './features/integrations/webhook-providers/routes.js';
import reviewRoutes from './features/review/routes.js';
import { fraudRoutes } from './features/fraud/index.js';
import { shellPlugin } from './features/web/shell.js';
import { systemClock, type Clock } from './lib/clock.js';
import { drainConnections, SHUTDOWN_DRAIN_MS } from './lib/drain.js';
import { loggerOptions } from './lib/logging.js';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer.js';
import { apiCompression } from './plugins/compression.js';
import authPlugin from './plugins/auth.js';
import brandRouteAccess from './features/access/route-access.js';
import deniedAccessAudit from './features/audit/denied.js';
import contextPlugin from './plugins/context.js';
import errorsPlugin from './plugins/errors.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import swaggerPlugin from './plugins/swagger.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database. The caller owns it (closes it after app.close()). */
  database: DatabaseHandle;
  clock?: Clock;
  /** Defaults to SMTP when config.smtpUrl is set, else the DATA_DIR outbox. */
  mailer?: Mailer;
  /** Fastify logger option; false in tests. */
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;

  // Share-link redirects are most of the traffic: node:http hands them to the redirect before
  // Fastify routes anything (everything else, and app.inject(), goes through Fastify). Set below,
  // once its dependencies exist (the server only listens after that).
  const hotPath: { shareLinkRedirect?: ShareLinkRedirect } = {};
  // TRUST_PROXY: one trust function for request.ip and the redirect's own client address.
  const trust = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimit,
    routerOptions: {
      ignoreTrailingSlash: true,
      // A path parameter reaches its route whatever its length, so the route's schema answers
      // (a 400 naming it). find-my-way's default (100 characters) made a longer one skip the
      // route: a bare 414, or the shell's static wildcard. No route has a regex parameter (what
      // the limit protects), and node bounds the whole URL (16 KiB of headers).
      maxParamLength: 16_384,
    },
    // Fastify's own reading of a hop count trusts no hop at all; the function is the setting.
    trustProxy: trust ?? false,
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (!hotPath.shareLinkRedirect?.tryServe(req, res)) handler(req, res);
      });
      // Fastify's keep-alive for the servers it creates: outlasts load balancers' 60 s idle.
      server.keepAliveTimeout = 72_000;
      return server;
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox's compiled validator: bodies are checked as sent (no type coercion, so
  // `"password": 123` is a 400), query strings and params are converted.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  // TypeBox stops collecting errors after 8 (a guard against huge error lists). A nullable field
  // alone reports up to 3 (branch, null branch, union), so 8 would hide whole fields of a bad
  // campaign form; 32 still bounds the work.
  Settings.Set({ maxErrors: 32 });

  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom, app.log)
      : outboxMailer(config.dataDir, app.log));

  const shareLinks = new ShareLinkResolver(database.db, () => clock().getTime());
  shareLinks.watch((err) =>
    app.log.warn({ err }, 'link cache: could not read link_targets_version'),
  );
  // Clicks a crashed process answered but did not store are stored before anything is served.
  const clickJournal = new ClickJournal(path.join(config.dataDir, 'click-journal'), (err) =>
    app.log.error({ err }, 'click journal: write failed; those clicks are only in memory'),
  );
  const replayed = await clickJournal.replay((batch) => writeClicks(database, batch));
  if (replayed > 0)
    app.log.info({ clicks: replayed }, 'click journal: stored the clicks a crash left');
  const clicks = new ClickBuffer(
    (batch) => storeClickBatch(database, batch),
    app.log,
    { flushMs: config.clickFlushMs, batchSize: config.clickBatchSize, journal: clickJournal },
  );
  // With several instances (REDIS_URL) the one-hour rule must be the same on all of them.
  const visitorWindow = config.redisUrl
    ? await redisVisitorWindow(
        config.redisUrl,
        config.redisPrefix,
        UNIQUE_CLICK_WINDOW_MS,
        () => clock().getTime(),
        (err) => app.log.warn({ err }, 'visitor window (Redis) unavailable; counting per instance'),
        config.redisTimeoutMs,
      )
    : memoryVisitorWindow(UNIQUE_CLICK_WINDOW_MS, () => clock().getTime());
  const shareLinkRedirect = createShareLinkRedirect({
    shareLinks,
    clicks,
    clock,
    visitorWindow,
    secret: config.jwtSecret,
    proxyTrust: trust,
    log: app.log,
  });
  hotPath.shareLinkRedirect = shareLinkRedirect;
  await app.register(contextPlugin, {
    config,
    db: database.db,
    readDb: database.readDb,
    dbKind: database.kind,
    clock,
    mailer,
    accessTokens: createAccessTokens(config.jwtSecret, clock),
    sessions: new SessionStore(database.db, clock),
    otp: new OtpService(database.db, clock, mailer, config.jwtSecret),
    uploads: new UploadStore(path.join(config.dataDir, 'uploads'), config.storageQuota, (err) =>
      app.log.warn({ err }, 'a released upload could not be deleted; the sweep retries it'),
    ),
    fileUrls: new FileUrlSigner(config.jwtSecret, clock),
    shareLinks,
    clicks,
    shareLinkRedirect,
  });
  // Once closing, redirects go back through Fastify, which answers 503 with Connection: close:
  // a busy keep-alive client must not keep the server (and the click flush below) waiting. The
  // connections stay open for the drain first, so a request already sent on one gets that 503
  // rather than a reset (lib/drain.ts); then Fastify closes the idle ones and stops listening.
  app.addHook('preClose', async () => {
    hotPath.shareLinkRedirect = undefined;
    if (app.server.listening) await drainConnections(app.server, SHUTDOWN_DRAIN_MS);
  });
  // Graceful shutdown writes the buffered clicks before the caller closes the database.
  app.addHook('onClose', async () => {
    shareLinks.close();
    visitorWindow.close();
    await app.deps.clicks.close();
  });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(swaggerPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(brandRouteAccess);
  await app.register(deniedAccessAudit);
  await app.register(holdJobPlugin);
  await app.register(groupJobPlugin);
  await app.register(uploadSweepJobPlugin);
  await app.register(eventsJobPlugin);
  await app.register(partitionJobPlugin);
  await app.register(pgliteVacuumJobPlugin);

  await app.register(
    async (api) => {
      // Only API routes are called cross-origin (the standalone remotes, merchant pages) and take
      // uploads: these hooks stay off redirects and static files.
      await api.register(cors, { origin: config.corsOrigins, credentials: true });
      await api.register(compress, apiCompression);
      await api.register(uploadsPlugin);
      await api.register(healthRoutes);
      await api.register(tokenRoutes);
      await api.register(twoFactorRoutes);
      await api.register(registerRoutes);
      await api.register(otpRoutes);
      await api.register(userRoutes);
      await api.register(roleRoutes);
      await api.register(brandRoutes);
      await api.register(brandEditRoutes);
      await api.register(teamRoutes);
      await api.register(invitationDetailsRoutes);
      await api.register(auditRoutes);
      await api.register(productRoutes);
      await api.register(campaignRoutes);
      await api.register(groupRoutes);
      await api.register(fileRoutes);
      await api.register(joinRoutes);
      await api.register(programRoutes);
      await api.register(conversionRoutes);
      await api.register(apiKeyRoutes);
      await api.register(campaignStatsRoutes);
      await api.register(brandStatsRoutes);
      await api.register(myStatsRoutes);
      await api.register(paymentsRoutes);
      await api.register(brandAdvocatesRoutes);
      await api.register(advocateRemovalRoutes);
      await api.register(advocateCampaignRoutes);
      await api.register(advocateAnalyticsRoutes);
      await api.register(reviewRoutes);
      await api.register(fraudRoutes);
      await api.register(payoutRoutes);
      await api.register(refundRoutes);
      await api.register(stripeRoutes);
      await api.register(webhookProviderRoutes);
      await api.register(payoutMethodRoutes);
      await api.register(earningsRoutes);
      await api.register(profileRoutes);
      await api.register(preferenceRoutes);
      await api.register(webhookRoutes);
      await api.register(notificationRoutes);
      await api.register(emailApiRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(redirectRoutes);
  await app.register(sdkScriptRoutes);
  await app.register(unsubscribePageRoutes);
  await app.register(remotesRoutes);
  await app.register(shellPlugin);

  return app;
}
