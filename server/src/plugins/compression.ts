// Compression of API replies (the shell's files are precompressed at build time and sent by
// @fastify/static). Lists and statistics replies are JSON of tens of kilobytes that shrink 5 to
// 10 times. Brotli at quality 4 costs about what gzip's default does and compresses better; its
// default (11) is meant for build-time assets and costs milliseconds per reply.
import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

export const apiCompression: FastifyCompressOptions = {
  global: true,
  // Below a network packet there is nothing to win.
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
};
