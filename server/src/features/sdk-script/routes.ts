// GET /sdk/v1.js: the browser SDK (sdk/dist/v1.js, built by the sdk package's build, which
// `npm start` runs). Read per request: it is a few KB, and a rebuilt SDK is served without a restart.
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { NonJsonReply, withErrors } from '../../lib/schema.js';

export const SDK_MISSING =
  'The browser SDK is not built. Run `npm run build -w sdk` (npm start does it).';

export default async function sdkScriptRoutes(app: FastifyInstance): Promise<void> {
  const file = app.deps.config.sdkScriptFile;

  app.get(
    '/sdk/v1.js',
    {
      schema: {
        tags: ['tracking'],
        summary: 'The browser SDK script (merchant pages load it with a script tag)',
        response: withErrors({ 200: NonJsonReply('The script', ['application/javascript']) }, 404),
      },
    },
    async (_request, reply) => {
      let code: Buffer;
      try {
        code = await readFile(file);
      } catch {
        return reply.code(404).send({ detail: SDK_MISSING });
      }
      return (
        reply
          .header('Access-Control-Allow-Origin', '*')
          // Merchants embed /sdk/v1.js (not a hashed name): an hour bounds how long a fix takes to reach pages.
          .header('Cache-Control', 'public, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          .type('application/javascript; charset=utf-8')
          .send(code)
      );
    },
  );
}
