// The ceiling for bench/redirect-bench.mjs: node:http answering every request with a 302 whose
// Location has the shape the real redirect sends, and doing nothing else. Runs as its own process
// (as the real server does), so the load generator's event loop never slows it.
// Usage: node bench/bare-redirect-server.mjs <port>
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
createServer((req, res) => {
  res.writeHead(302, {
    Location: `https://shop.example/p?ref=x&via=${req.url.slice(3)}&cid=${randomBytes(12).toString('base64url')}#buy`,
    'Cache-Control': 'private, no-store',
  });
  res.end();
}).listen(port, '127.0.0.1', () => process.send?.('listening'));
