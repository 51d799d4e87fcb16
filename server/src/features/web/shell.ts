// Serves the built shell (STATIC_DIR) with an SPA fallback, and owns the 404 handler:
// API-looking paths get JSON `{ detail: 'Not found' }`, page paths get index.html so the
// client-side router can render them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

export async function shellPlugin(app: FastifyInstance): Promise<void> {
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
  } else {
    app.log.info({ staticDir: root }, 'no built shell found; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasShell && wantsPage(request)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found' });
  });
}
