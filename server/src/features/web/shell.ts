// Serves the built shell (STATIC_DIR) with an SPA fallback, and owns the 404 handler:
// API-looking paths get JSON `{ detail: 'Not found' }`, page paths get the shell's page (with
// the runtime manifest written in, see page.ts) so the client-side router can render them.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderShellPage } from './page.js';
import { programFirstPaint, programSlugOf } from '../programs/first-paint.js';
import { programPage } from '../programs/index.js';
import { currentManifest } from './remotes.js';
import robotsRoutes from './robots.js';

/** The shell's cookie-consent cookie: with it, the page shows no cookie notice. */
const CONSENT_COOKIE = 'cookie_consent';

const NON_PAGE_PREFIXES = ['/api/', '/r/', '/sdk/'];

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  // A missing file (a stale chunk, a source map) is a 404, not the page.
  if (/\.[a-z0-9]+$/i.test(pathname)) return false;
  return !NON_PAGE_PREFIXES.some(
    (prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1),
  );
}

/** The shell's page for this request; read per request, so a rebuilt shell needs no restart. */
async function sendPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const html = await readFile(path.join(app.deps.config.staticDir, 'index.html'), 'utf8');
  let manifest: Record<string, string> = {};
  try {
    manifest = await currentManifest(app.deps.config.remotesManifest, request.hostname);
  } catch {
    // Without a readable manifest the shell asks /remotes.json, which reports the error.
  }
  const pathname = request.url.split('?')[0];
  const origin = `${request.protocol}://${request.host}`;
  const consented = request.cookies[CONSENT_COOKIE] === 'true';
  // A program page is drawn from its data, for visitors and crawlers alike; an unknown one is a 404.
  const slug = programSlugOf(pathname);
  const program =
    slug === null
      ? undefined
      : await programPage(app.deps.db, app.deps.fileUrls, slug, app.deps.clock());
  if (program === null) reply.code(404);
  const page = renderShellPage(
    html,
    manifest,
    pathname,
    origin,
    consented,
    program ? programFirstPaint(program, app.deps.config.publicUrl, consented) : null,
  );
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  reply.type('text/html; charset=utf-8');
  // The page is written per request, so it is compressed per request too (the static files
  // have their .br/.gz copies): a few kilobytes less before the first paint on a slow link.
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts))
    return reply
      .header('Content-Encoding', 'br')
      .send(brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts))
    return reply.header('Content-Encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}

export async function shellPlugin(app: FastifyInstance): Promise<void> {
  await app.register(robotsRoutes);
  const root = app.deps.config.staticDir;
  const hasShell = existsSync(path.join(root, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br/.gz beside each asset; send the best one the client accepts.
      preCompressed: true,
      // Source maps are built for the team, not published.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        // Hashed chunks never change; entry files and the page must be revalidated.
        const name = path.basename(filePath);
        const hashed = /\.[0-9a-f]{8}\.js(\.gz|\.br)?$/.test(name);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // `/` is a page like any other, written with the manifest (this route outranks the wildcard).
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(app, request, reply));
  } else {
    app.log.info({ staticDir: root }, 'no built shell found; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasShell && wantsPage(request)) {
      return sendPage(app, request, reply);
    }
    return reply.code(404).send({ detail: 'Not found' });
  });
}
