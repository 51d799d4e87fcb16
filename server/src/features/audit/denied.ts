// Denied attempts in the audit log (issue 33, item 9): a signed-in member refused by the access
// rule on a brand route (a 403: their role falls short, or the brand requires two-factor) leaves
// an 'access.denied' entry on that brand, so its owners see a member trying what they may not.
// Non-members (404) are not recorded: they learn nothing of the brand and write nothing to it.
//
// Rate-limited per actor: at most one entry per actor, brand and route per DENIED_AUDIT_WINDOW_MS,
// so a script hammering a refused route cannot flood the log. Each instance skips repeats in
// memory first; the insert itself skips a repeat another instance already wrote.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BrandAccessDenied } from '../access/index.js';
import { recordAudit, userActor } from './record.js';

export const DENIED_AUDIT_WINDOW_MS = 5 * 60_000;
/** Keys remembered per instance before old ones are dropped (a bound on memory, not on entries). */
const MAX_REMEMBERED = 10_000;

async function deniedAccessAudit(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  const lastRecorded = new Map<string, number>();

  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof BrandAccessDenied) || !request.principal) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const now = clock();
    const key = `${request.principal.userId}|${error.brandId}|${route}`;
    const last = lastRecorded.get(key);
    if (last !== undefined && now.getTime() - last < DENIED_AUDIT_WINDOW_MS) return;
    if (lastRecorded.size >= MAX_REMEMBERED) lastRecorded.clear();
    lastRecorded.set(key, now.getTime());
    try {
      await recordAudit(
        db,
        userActor(request),
        {
          brandId: error.brandId,
          action: 'access.denied',
          target: { kind: 'access', id: null, label: route },
          after: { permission: error.permission, reason: error.detail },
          at: now,
        },
        DENIED_AUDIT_WINDOW_MS,
      );
    } catch (err) {
      // The refusal stands whatever happens here; a lost entry is logged, not answered.
      request.log.warn({ err }, 'could not record a denied attempt in the audit log');
    }
  });
}

export default fp(deniedAccessAudit, { name: 'denied-access-audit', dependencies: ['auth'] });
