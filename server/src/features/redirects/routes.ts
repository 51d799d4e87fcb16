// GET (and HEAD) /r/{code} as a Fastify route, registered at the root, not under /api/v1. A
// listening server answers these before Fastify sees them (app.ts, share-link-redirect.ts); the
// route runs the same handler for app.inject(). It is left out of the API document: it is a link
// people follow, not an operation a client calls (docs/sdk.md describes it).
import type { FastifyInstance } from 'fastify';

export default async function redirectRoutes(app: FastifyInstance): Promise<void> {
  const { shareLinkRedirect } = app.deps;

  app.get<{ Params: { code: string } }>(
    '/r/:code',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Share link redirect',
        description:
          '302 to the product URL with `via` (the code) and `cid` (click id) appended, keeping its own query and ' +
          'fragment. GET from a browser counts a click (once per visitor and hour); HEAD and known bots do not. ' +
          'Unknown code: 404 HTML page.',
        hide: true,
      },
      // Redirects are the highest-volume traffic; per-request logs would cost more than the redirect.
      logLevel: 'warn',
    },
    (request, reply) => {
      reply.hijack();
      shareLinkRedirect.serve(request.raw, reply.raw, request.params.code, request.ip);
    },
  );
}
