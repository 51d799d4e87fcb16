// The application's dependencies, decorated on the Fastify instance so feature plugins reach
// them as `app.deps` (tests swap the database, clock and mailer through buildApp options).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Database, DatabaseKind } from '../db/client.js';
import type { AccessTokens } from '../features/auth/access-tokens.js';
import type { OtpService } from '../features/auth/otp.js';
import type { Principal } from '../features/auth/principal.js';
import type { SessionStore } from '../features/auth/sessions.js';
import type { FileUrlSigner } from '../features/files/signing.js';
import type { UploadStore } from '../features/files/storage.js';
import type { ClickBuffer } from '../features/redirects/click-buffer.js';
import type { ShareLinkResolver } from '../features/redirects/link-resolver.js';
import type { ShareLinkRedirect } from '../features/redirects/share-link-redirect.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';

export interface AppDeps {
  config: AppConfig;
  /** The primary: writes, and reads that must see the caller's own last write. */
  db: Database;
  /**
   * Statistics and pure-read lists: the read replica (DATABASE_READ_URL) when set, else `db`.
   * May lag `db` by the replica's delay, so never for a read right after the caller's write.
   */
  readDb: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  mailer: Mailer;
  accessTokens: AccessTokens;
  sessions: SessionStore;
  otp: OtpService;
  /** Uploaded files under DATA_DIR/uploads. */
  uploads: UploadStore;
  /** Signs and checks the file URLs put into replies. */
  fileUrls: FileUrlSigner;
  /** Share code → target and owners, cached (the redirect and conversion attribution). */
  shareLinks: ShareLinkResolver;
  /** Clicks waiting to be written in batches; flushed on close. */
  clicks: ClickBuffer;
  /** GET /r/{code}: served from node:http ahead of Fastify, and by the Fastify route. */
  shareLinkRedirect: ShareLinkRedirect;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on public routes. */
    principal: Principal | null;
  }
}

async function contextPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.decorate('deps', deps);
  app.decorateRequest('principal', null);
}

export default fp(contextPlugin, { name: 'context' });
