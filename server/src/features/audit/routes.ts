// GET brand/{brandId}/audit-log/: the brand's audit log, newest first, for owners and admins.
// Read-only: no route changes or removes an entry.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditLogQuery, AuditLogReply, BrandIdParams } from 'contract';
import { sql } from 'drizzle-orm';
import { fieldError } from '../../lib/http-error.js';
import { listMeta, pagedRows, paging } from '../../lib/paging.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { toAuditEntry, type AuditRow } from './view.js';

/** A date-time filter as a Date; a 400 naming it when it is no real instant. */
function instant(field: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw fieldError(field, 'must be a date and time (ISO 8601)');
  return date;
}

const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const { signedIn } = signedInRoutes(app, 'team');

  app.get(
    '/brand/:brandId/audit-log/',
    signedIn(
      "The brand's audit log, newest first (owner and admin)",
      { 200: AuditLogReply },
      {
        params: BrandIdParams,
        querystring: AuditLogQuery,
        description:
          'Every change to the brand and its money: who (a user, or an API key), when, what, and the rule and money ' +
          "fields before and after. `action` is an action ('payout.created') or a kind ('payout').",
        access: brandRoute('audit'),
      },
    ),
    async (request) => {
      const brand = await manageableBrand(
        db,
        principalOf(request),
        request.params.brandId,
        'audit',
      );
      const q = request.query;
      const since = instant('since', q.since);
      const until = instant('until', q.until);
      if (since && until && since > until) throw fieldError('until', 'must not be before since');
      const where = sql.join(
        [
          sql`brand_id = ${brand.id}::integer`,
          ...(q.actor_id !== undefined
            ? [sql`actor_kind = 'user' and actor_id = ${q.actor_id}::integer`]
            : []),
          ...(q.action
            ? [q.action.includes('.') ? sql`action = ${q.action}` : sql`target_kind = ${q.action}`]
            : []),
          ...(since ? [sql`at >= ${since.toISOString()}::timestamptz`] : []),
          ...(until ? [sql`at < ${until.toISOString()}::timestamptz`] : []),
        ],
        sql` and `,
      );
      const page = paging(q.page, q.per_page, 50);
      const { rows, total } = await pagedRows<AuditRow & { total: string | number }>(
        db,
        sql`select id, at, actor_kind, actor_id, actor_name, action, target_kind, target_id,
            target_label, before, after, count(*) over () as total
          from audit_log where ${where} order by at desc, id desc`,
        sql`select count(*) as n from audit_log where ${where}`,
        page,
      );
      return { results: rows.map(toAuditEntry), meta: listMeta(total, page, rows.length) };
    },
  );
};

export default auditRoutes;
