// GET files/{name}?exp=&sig=: serves an uploaded file to whoever holds a valid signed URL (see
// signing.ts). Anything else, a wrong, tampered or expired signature included, is a plain 404,
// so the endpoint does not even confirm that a file exists.
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/http-error.js';
import { NonJsonReply, withErrors } from '../../lib/schema.js';
import { findUpload } from './repository.js';

const DOWNLOAD_NAMES: Record<string, string> = {
  'application/pdf': 'document',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
};

/** The types an upload may have (sniff.ts admits no other): the media types a file is sent as. */
const FILE_TYPES = Object.keys(DOWNLOAD_NAMES);
const BINARY = { type: 'string', format: 'binary' };

/** A single `bytes=a-b` / `bytes=a-` / `bytes=-n` range within `size`; undefined = whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined; // multi-range etc.: send it all
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, uploads, fileUrls } = app.deps;

  app.get(
    '/files/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'An uploaded file, through a signed URL from a brand or campaign reply',
        description:
          'Range requests are supported (video seeking). Invalid or expired signatures answer 404.',
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          exp: Type.Optional(Type.String({ maxLength: 20 })),
          sig: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: withErrors(
          {
            200: NonJsonReply('The file', FILE_TYPES, BINARY),
            206: NonJsonReply('The range asked for (Range: bytes=…)', FILE_TYPES, BINARY),
          },
          404,
          416,
        ),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const remaining = fileUrls.verify(name, request.query.exp, request.query.sig);
      const filePath = uploads.pathOf(name);
      if (remaining === undefined || !filePath) throw notFound();
      const [row, size] = await Promise.all([findUpload(db, name), uploads.sizeOf(name)]);
      if (!row || size === undefined) throw notFound();

      const ext = name.slice(name.lastIndexOf('.') + 1);
      reply
        .header('Content-Type', row.contentType)
        // A fixed, safe name: the client's original file name is never stored or echoed.
        .header(
          'Content-Disposition',
          `inline; filename="${DOWNLOAD_NAMES[row.contentType] ?? 'file'}.${ext}"`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', `private, max-age=${remaining}`)
        .header('Accept-Ranges', 'bytes');

      const range = parseRange(request.headers.range, size);
      if (range === 'invalid') {
        reply.header('Content-Range', `bytes */${size}`).header('Content-Type', 'application/json');
        return reply.code(416).send({ detail: 'Range not satisfiable' });
      }
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', String(range.end - range.start + 1));
        return reply.send(createReadStream(filePath, range));
      }
      reply.header('Content-Length', String(size));
      return reply.send(createReadStream(filePath));
    },
  );
};

export default fileRoutes;
