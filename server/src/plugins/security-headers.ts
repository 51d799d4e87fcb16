// Security headers. Every response: no MIME sniffing, no framing, a referrer policy that keeps
// paths and queries on this origin, HSTS when the product is served over https. Pages of the
// shell also get a Content-Security-Policy that admits scripts only from this origin and from the
// remotes the runtime manifest names (read per request, like /remotes.json, so pointing a remote
// elsewhere needs no restart). The share-link redirect is answered before Fastify and carries
// none of this: a 302 renders nothing.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { THEME_SCRIPT_SOURCE } from '../features/web/first-paint.js';
import { currentManifest } from '../features/web/remotes.js';

/** Origins of the manifest's remote entries; an entry that is not a URL admits nothing. */
function originsOf(manifest: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(manifest)) {
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // Skipped: /remotes.json reports the misconfiguration to the shell.
    }
  }
  return [...origins];
}

/** The policy of a shell page whose remotes live at `remoteOrigins`. */
export function shellContentSecurityPolicy(remoteOrigins: string[]): string {
  const remotes = remoteOrigins.join(' ');
  return [
    "default-src 'self'",
    // The one inline script is the first paint's theme choice, admitted by its hash.
    `script-src 'self' ${THEME_SCRIPT_SOURCE} ${remotes}`,
    // styled-components writes its rules into <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // Product images and campaign videos are links to the brands' own sites.
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self' ${remotes}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

async function securityHeaders(app: FastifyInstance): Promise<void> {
  const https = app.deps.config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
    // Set below, on pages only: JSON and scripts render nothing a policy could protect.
    contentSecurityPolicy: false,
    // /sdk/v1.js is loaded by merchants' pages on other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    // Swagger UI ships its own inline scripts; it is documentation, not the product's pages.
    if (request.url.startsWith('/api/docs')) return payload;
    let origins: string[] = [];
    try {
      origins = originsOf(await currentManifest(app.deps.config.remotesManifest, request.hostname));
    } catch {
      // An unreadable manifest admits no remote; /remotes.json reports the error.
    }
    reply.header('Content-Security-Policy', shellContentSecurityPolicy(origins));
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['context'] });
