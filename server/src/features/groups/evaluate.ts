// The automatic rules: the groups with an auto_rule form a ladder by rank; each advocate of the
// brand who is in the default group or on the ladder goes to the highest rung whose thresholds
// their last 90 days reach (conversions not rejected nor refunded; revenue net of refunds, in the
// rule's currency only), else back to the default group. Advocates the brand put in a group
// without an auto_rule are left where they are. Idempotent: a second run moves nobody.
import { sql } from 'drizzle-orm';
import { GROUP_LIMITS, type GroupMove } from 'contract';
import type { Database } from '../../db/client.js';
import type { AdvocateGroupRow, GroupAutoRule } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import type { AuditActor } from '../audit/index.js';
import { applyMoves, defaultGroup, listGroups, type Move } from './repository.js';

const DAY_MS = 86_400_000;

/** An advocate's last 90 days at a brand: conversions, and revenue per currency. */
export interface Activity {
  conversions: number;
  /** Net revenue per currency (numeric text parsed: decimal strings compare exactly in order). */
  revenue: Map<string, number>;
}

/** Whether `activity` reaches every threshold of `rule`. */
export function reaches(rule: GroupAutoRule, activity: Activity): boolean {
  if (rule.min_conversions !== undefined && activity.conversions < rule.min_conversions)
    return false;
  if (rule.min_revenue !== undefined) {
    const revenue = activity.revenue.get(rule.min_revenue.currency) ?? 0;
    if (revenue < rule.min_revenue.amount) return false;
  }
  // A rule with no threshold at all places nobody (it would take every advocate).
  return rule.min_conversions !== undefined || rule.min_revenue !== undefined;
}

/** The group the rules put an advocate in: the highest rung reached, else the default group. */
export function targetGroup(
  ladder: readonly AdvocateGroupRow[],
  fallback: AdvocateGroupRow,
  activity: Activity,
): AdvocateGroupRow {
  return ladder.find((g) => g.autoRule && reaches(g.autoRule, activity)) ?? fallback;
}

/** Runs the brand's automatic rules now; returns the moves made (each evented and audited). */
export async function evaluateBrand(
  db: Database,
  brandId: number,
  now: Date,
  actor: AuditActor,
): Promise<GroupMove[]> {
  return db.transaction(async (tx) => {
    const fallback = await defaultGroup(tx, brandId, now);
    // Locks the brand's groups: evaluations and group edits of one brand take turns.
    await tx.execute(
      sql`select id from advocate_groups where brand_id = ${brandId}::integer for update`,
    );
    const groups = await listGroups(tx, brandId);
    const ladder = groups
      .filter((g) => !g.isDefault && g.autoRule !== null)
      .sort((a, b) => b.rank - a.rank || b.id - a.id);
    if (ladder.length === 0) return [];
    const byId = new Map(groups.map((g) => [g.id, g]));
    const since = new Date(now.getTime() - GROUP_LIMITS.activityDays * DAY_MS);
    const rows = await rowsOf<{
      advocate_id: number;
      group_id: number | null;
      currency: string | null;
      n: number;
      revenue: string | null;
    }>(
      tx,
      sql`with a as (
          select distinct j.advocate_id from campaign_joins j join campaigns c on c.id = j.campaign_id
          where c.brand_id = ${brandId}::integer
        )
        select a.advocate_id, m.group_id, v.currency, coalesce(v.n, 0)::int as n, v.revenue
        from a
        left join advocate_group_members m on m.brand_id = ${brandId}::integer and m.advocate_id = a.advocate_id
        left join lateral (
          select cv.currency, count(*)::int as n, sum(cv.value - cv.refunded_value)::text as revenue
          from conversions cv
          where cv.brand_id = ${brandId}::integer and cv.advocate_id = a.advocate_id
            and cv.status in ('pending', 'approved')
            and cv.created_at > ${since.toISOString()}::timestamptz
            and cv.created_at <= ${now.toISOString()}::timestamptz
          group by cv.currency
        ) v on true
        order by a.advocate_id`,
    );
    const people = new Map<number, { groupId: number; activity: Activity }>();
    for (const r of rows) {
      const person = people.get(r.advocate_id) ?? {
        groupId: r.group_id ?? fallback.id,
        activity: { conversions: 0, revenue: new Map<string, number>() },
      };
      if (r.currency !== null) {
        person.activity.conversions += r.n;
        person.activity.revenue.set(r.currency, Number(r.revenue ?? 0));
      }
      people.set(r.advocate_id, person);
    }
    const moves: Move[] = [];
    for (const [advocateId, { groupId, activity }] of people) {
      const current = byId.get(groupId) ?? fallback;
      // Placed by hand in a group off the ladder: the brand's choice stands.
      if (!current.isDefault && current.autoRule === null) continue;
      const to = targetGroup(ladder, fallback, activity);
      if (to.id !== current.id) moves.push({ advocateId, from: current, to });
    }
    await applyMoves(tx, brandId, moves, 'automatic', actor, now);
    return moves.map((m) => ({
      advocate_id: m.advocateId,
      from_group_id: m.from.id,
      to_group_id: m.to.id,
    }));
  });
}

/** Runs every brand's automatic rules (the daily job). */
export async function evaluateAllBrands(
  db: Database,
  now: Date,
  actor: AuditActor,
): Promise<number> {
  const brands = await rowsOf<{ brand_id: number }>(
    db,
    sql`select distinct brand_id from advocate_groups where auto_rule is not null and not is_default
      order by brand_id`,
  );
  let moved = 0;
  for (const { brand_id } of brands)
    moved += (await evaluateBrand(db, brand_id, now, actor)).length;
  return moved;
}
