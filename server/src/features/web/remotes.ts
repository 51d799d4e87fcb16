// GET /remotes.json: where the shell loads its micro-frontends from. Read per request, so a
// remote can be pointed at another deployment without restarting (or rebuilding) anything.
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import REMOTES from 'contract/remotes.json' with { type: 'json' };
import { HttpError } from '../../lib/http-error.js';

/** Each remote on its default port (the one list of remotes, contract/remotes.json). */
const DEFAULT_PORTS = Object.fromEntries(REMOTES.map((remote) => [remote.name, remote.port]));

const Manifest = Type.Record(Type.String(), Type.String());
type Manifest = Record<string, string>;

function defaultManifest(hostname: string): Manifest {
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([name, port]) => [
      name,
      `http://${host}:${port}/remoteEntry.js`,
    ]),
  );
}

function parseManifest(text: string): Manifest {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('not an object');
  for (const value of Object.values(parsed))
    if (typeof value !== 'string') throw new Error('values must be URLs');
  return parsed as Manifest;
}

/** REMOTES_MANIFEST is inline JSON when it starts with "{", else a path to a JSON file. */
async function loadManifest(source: string): Promise<Manifest> {
  return parseManifest(
    source.trimStart().startsWith('{') ? source : await readFile(source, 'utf8'),
  );
}

/**
 * The manifest in force for a request to `hostname`: REMOTES_MANIFEST when set (throws when it
 * is unreadable), else the same host on the default ports.
 */
export async function currentManifest(
  source: string | undefined,
  hostname: string,
): Promise<Manifest> {
  return source ? loadManifest(source) : defaultManifest(hostname.replace(/:\d+$/, ''));
}

const remotesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/remotes.json',
    {
      schema: {
        tags: ['web'],
        summary: 'Runtime manifest of micro-frontend entry URLs',
        response: { 200: Manifest },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        return await currentManifest(app.deps.config.remotesManifest, request.hostname);
      } catch (err) {
        request.log.error({ err }, 'REMOTES_MANIFEST is unreadable or not a JSON object of URLs');
        throw new HttpError(500, 'Remotes manifest is misconfigured');
      }
    },
  );
};

export default remotesRoutes;
