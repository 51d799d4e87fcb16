// GET /robots.txt: what crawlers may fetch. Pages (the landing page, sign-in and sign-up, and
// the workspaces, which need an account anyway) may be crawled; the API and the share-link
// redirects may not — a crawler following /r/ links would only cost redirects that count nothing.
// Served by the server, not the shell's build, so an API-only deployment answers it too (without
// it, the SPA's 404 JSON was read as an invalid robots.txt).
import type { FastifyPluginAsync } from 'fastify';

export const ROBOTS_TXT = ['User-agent: *', 'Disallow: /api/', 'Disallow: /r/', ''].join('\n');

const robotsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(ROBOTS_TXT),
  );
};

export default robotsRoutes;
