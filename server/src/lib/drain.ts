// Graceful shutdown's drain. Closing a keep-alive connection the server thinks idle resets the
// request its client may already have sent on it (still on the wire, or in the socket unread
// while the event loop was busy): the client sees ECONNRESET and cannot tell whether it was
// served. So before the server closes its connections, it keeps them open for a short while
// and answers whatever arrives with 503 and `Connection: close` (Fastify does that once it is
// closing), which ends each busy connection cleanly from the client's side.
import type { Server } from 'node:http';

/** How long a stopping server keeps answering 503 before closing the connections left. */
export const SHUTDOWN_DRAIN_MS = 2_000;

/** Resolves once `server` has no connection left, or after `maxMs`. */
export async function drainConnections(server: Server, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) =>
      server.getConnections((err, count) => resolve(err ? 0 : count)),
    );
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
