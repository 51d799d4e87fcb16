#!/usr/bin/env node
// Serves one remote's build from its own origin, as a separately deployed team's CDN would:
// immutable hashed chunks, a never-cached remoteEntry.js, and CORS so the shell may load it.
// Usage: node scripts/serve-static.mjs <dist-dir> <port>
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import sirv from 'sirv';

const [dir, portArg] = process.argv.slice(2);
if (!dir || !portArg) {
  console.error('usage: serve-static.mjs <dist-dir> <port>');
  process.exit(2);
}
const port = Number(portArg);
const root = resolve(dir);

const assets = sirv(root, {
  etag: true,
  // The build writes .br and .gz beside each asset; serve the best one the client accepts.
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    // The entry must be revalidated so a new deployment is picked up; hashed chunks never change.
    res.setHeader(
      'Cache-Control',
      pathname.endsWith('remoteEntry.js') || pathname.endsWith('.html')
        ? 'no-cache'
        : 'public, max-age=31536000, immutable',
    );
  },
});

const server = createServer((req, res) => {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': '*',
    });
    res.end();
    return;
  }
  // Source maps are built for the team, not published.
  if (req.url?.split('?')[0].endsWith('.map')) {
    res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
    res.end('Not found');
    return;
  }
  assets(req, res, () => {
    res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
    res.end('Not found');
  });
});

server.listen(port, () => console.log(`serving ${root} on http://localhost:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
