// A brand's advocate groups and who is in which. An advocate of a brand (one who joined any of its
// campaigns) without an advocate_group_members row is in the brand's default group, so every
// advocate is in exactly one group without a write on each join.
import { sql } from 'drizzle-orm';
import type { GroupMoveHow, GroupView } from 'contract';
import type {
  AdvocateGroupRow,
  CommissionType,
  EventRewardRules,
  GroupAutoRule,
  GroupRewardRule,
} from '../../db/schema.js';
import { intArray, rowsOf, type Tx } from '../../lib/sql.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { recordEvent } from '../events/index.js';

export const DEFAULT_GROUP_NAME = 'Default';

interface GroupRecord {
  id: number;
  brand_id: number;
  name: string;
  is_default: boolean;
  commission_type: CommissionType | null;
  commission_value: string | number | null;
  event_rewards: EventRewardRules | null;
  reward_rules: GroupRewardRule[] | string;
  hold_days: number | null;
  discount_text: string | null;
  auto_rule: GroupAutoRule | null | string;
  rank: number;
  created_at: string | Date;
  updated_at: string | Date;
}

/** jsonb as the driver gives it: parsed (node-postgres, PGlite) or, defensively, its text. */
const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const toRow = (r: GroupRecord): AdvocateGroupRow => ({
  id: r.id,
  brandId: r.brand_id,
  name: r.name,
  isDefault: r.is_default,
  commissionType: r.commission_type,
  commissionValue: r.commission_value === null ? null : Number(r.commission_value),
  eventRewards: r.event_rewards === null ? null : json(r.event_rewards),
  rewardRules: json(r.reward_rules),
  holdDays: r.hold_days,
  discountText: r.discount_text,
  autoRule: r.auto_rule === null ? null : json(r.auto_rule),
  rank: r.rank,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export const groupView = (g: AdvocateGroupRow, memberCount: number): GroupView => ({
  id: g.id,
  name: g.name,
  is_default: g.isDefault,
  commission_type: g.commissionType,
  commission_value: g.commissionValue,
  event_rewards: g.eventRewards,
  reward_rules: g.rewardRules,
  hold_days: g.holdDays,
  discount_text: g.discountText,
  auto_rule: g.autoRule,
  rank: g.rank,
  member_count: memberCount,
  created_at: g.createdAt.toISOString(),
  updated_at: g.updatedAt.toISOString(),
});

/** The fields the audit log keeps of a group (its rules and terms). */
export const groupAudit = (g: AdvocateGroupRow) => ({
  name: g.name,
  commission_type: g.commissionType,
  commission_value: g.commissionValue,
  event_rewards: g.eventRewards,
  reward_rules: g.rewardRules,
  hold_days: g.holdDays,
  discount_text: g.discountText,
  auto_rule: g.autoRule,
  rank: g.rank,
});

/** The brand's default group, made when missing (brands created before groups, seeds). */
export async function defaultGroup(tx: Tx, brandId: number, at: Date): Promise<AdvocateGroupRow> {
  const [made] = await rowsOf<GroupRecord>(
    tx,
    sql`insert into advocate_groups (brand_id, name, is_default, created_at, updated_at)
      values (${brandId}::integer, ${DEFAULT_GROUP_NAME}::varchar, true, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict (brand_id) where is_default do nothing
      returning *`,
  );
  if (made) return toRow(made);
  const [found] = await rowsOf<GroupRecord>(
    tx,
    sql`select * from advocate_groups where brand_id = ${brandId}::integer and is_default`,
  );
  // Unreachable: the insert found a conflicting default row.
  if (!found) throw new Error(`brand ${brandId} has no default group`);
  return toRow(found);
}

export async function listGroups(tx: Tx, brandId: number): Promise<AdvocateGroupRow[]> {
  const rows = await rowsOf<GroupRecord>(
    tx,
    sql`select * from advocate_groups where brand_id = ${brandId}::integer
      order by is_default desc, rank, id`,
  );
  return rows.map(toRow);
}

export async function findGroup(
  tx: Tx,
  brandId: number,
  groupId: number,
  lock = false,
): Promise<AdvocateGroupRow | undefined> {
  const [row] = await rowsOf<GroupRecord>(
    tx,
    sql`select * from advocate_groups where brand_id = ${brandId}::integer and id = ${groupId}::integer
      ${lock ? sql`for update` : sql``}`,
  );
  return row && toRow(row);
}

/** The advocates of a brand: everyone who joined one of its campaigns. */
const brandAdvocates = (brandId: number) =>
  sql`select distinct j.advocate_id from campaign_joins j join campaigns c on c.id = j.campaign_id
    where c.brand_id = ${brandId}::integer`;

/** Each group's member count (the default group: the advocates with no other group). */
export async function memberCounts(tx: Tx, brandId: number): Promise<Map<number, number>> {
  const rows = await rowsOf<{ group_id: number; n: number }>(
    tx,
    sql`select coalesce(m.group_id, d.id) as group_id, count(*)::int as n
      from (${brandAdvocates(brandId)}) a
      join advocate_groups d on d.brand_id = ${brandId}::integer and d.is_default
      left join advocate_group_members m on m.brand_id = ${brandId}::integer and m.advocate_id = a.advocate_id
      group by 1`,
  );
  return new Map(rows.map((r) => [r.group_id, r.n]));
}

export interface MemberRecord {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  moved_at: string | Date | null;
}

/** The group's members, newest in the group first, then by name. */
export async function listMembers(
  tx: Tx,
  group: AdvocateGroupRow,
  /** null: all of them. */
  limit: number | null = 1000,
): Promise<MemberRecord[]> {
  const inGroup = group.isDefault
    ? sql`(m.group_id is null or m.group_id = ${group.id}::integer)`
    : sql`m.group_id = ${group.id}::integer`;
  return rowsOf<MemberRecord>(
    tx,
    sql`select u.id, u.username, u.first_name, u.last_name, u.email, m.moved_at
      from (${brandAdvocates(group.brandId)}) a
      join users u on u.id = a.advocate_id
      left join advocate_group_members m on m.brand_id = ${group.brandId}::integer and m.advocate_id = a.advocate_id
      where ${inGroup}
      order by m.moved_at desc nulls last, u.username, u.id
      ${limit === null ? sql`` : sql`limit ${limit}::integer`}`,
  );
}

/** Of `advocateIds`, those who are not advocates of the brand. */
export async function notAdvocatesOf(
  tx: Tx,
  brandId: number,
  advocateIds: readonly number[],
): Promise<number[]> {
  const rows = await rowsOf<{ advocate_id: number }>(
    tx,
    sql`select a.advocate_id from (${brandAdvocates(brandId)}) a
      where a.advocate_id = any(${intArray(advocateIds)})`,
  );
  const known = new Set(rows.map((r) => r.advocate_id));
  return advocateIds.filter((id) => !known.has(id));
}

/** The group of each of `advocateIds` at the brand (theirs, else the default). */
export async function groupsOf(
  tx: Tx,
  brandId: number,
  advocateIds: readonly number[],
  fallback: AdvocateGroupRow,
): Promise<Map<number, number>> {
  const rows = await rowsOf<{ advocate_id: number; group_id: number }>(
    tx,
    sql`select advocate_id, group_id from advocate_group_members
      where brand_id = ${brandId}::integer and advocate_id = any(${intArray(advocateIds)})`,
  );
  const of = new Map(advocateIds.map((id) => [id, fallback.id]));
  for (const r of rows) of.set(r.advocate_id, r.group_id);
  return of;
}

/** The group whose rules pay the advocate's next conversion at the brand. */
export async function advocateGroup(
  tx: Tx,
  brandId: number,
  advocateId: number,
): Promise<AdvocateGroupRow | undefined> {
  const [row] = await rowsOf<GroupRecord>(
    tx,
    sql`select g.* from advocate_groups g
      where g.brand_id = ${brandId}::integer and (
        g.id = (select m.group_id from advocate_group_members m
          where m.brand_id = ${brandId}::integer and m.advocate_id = ${advocateId}::integer)
        or (g.is_default and not exists (select 1 from advocate_group_members m
          where m.brand_id = ${brandId}::integer and m.advocate_id = ${advocateId}::integer)))`,
  );
  return row && toRow(row);
}

export interface GroupFields {
  name: string;
  commissionType: CommissionType | null;
  commissionValue: number | null;
  eventRewards: EventRewardRules | null;
  rewardRules: GroupRewardRule[];
  holdDays: number | null;
  discountText: string | null;
  autoRule: GroupAutoRule | null;
  rank: number;
}

const jsonb = (value: unknown) => sql`${value === null ? null : JSON.stringify(value)}::jsonb`;

export async function insertGroup(
  tx: Tx,
  brandId: number,
  f: GroupFields,
  at: Date,
): Promise<AdvocateGroupRow> {
  const [row] = await rowsOf<GroupRecord>(
    tx,
    sql`insert into advocate_groups (brand_id, name, commission_type, commission_value, event_rewards,
        reward_rules, hold_days, discount_text, auto_rule, rank, created_at, updated_at)
      values (${brandId}::integer, ${f.name}::varchar, ${f.commissionType}::text, ${f.commissionValue}::numeric,
        ${jsonb(f.eventRewards)}, ${jsonb(f.rewardRules)}, ${f.holdDays}::integer, ${f.discountText}::varchar,
        ${jsonb(f.autoRule)}, ${f.rank}::integer, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      returning *`,
  );
  return toRow(row);
}

export async function updateGroup(
  tx: Tx,
  group: AdvocateGroupRow,
  f: GroupFields,
  at: Date,
): Promise<AdvocateGroupRow> {
  const [row] = await rowsOf<GroupRecord>(
    tx,
    sql`update advocate_groups set name = ${f.name}::varchar, commission_type = ${f.commissionType}::text,
        commission_value = ${f.commissionValue}::numeric, event_rewards = ${jsonb(f.eventRewards)},
        reward_rules = ${jsonb(f.rewardRules)}, hold_days = ${f.holdDays}::integer,
        discount_text = ${f.discountText}::varchar, auto_rule = ${jsonb(f.autoRule)}, rank = ${f.rank}::integer,
        updated_at = ${at.toISOString()}::timestamptz
      where id = ${group.id}::integer
      returning *`,
  );
  return toRow(row);
}

export async function deleteGroup(tx: Tx, group: AdvocateGroupRow): Promise<void> {
  await tx.execute(sql`delete from advocate_groups where id = ${group.id}::integer`);
}

export interface Move {
  advocateId: number;
  from: AdvocateGroupRow;
  to: AdvocateGroupRow;
}

/**
 * Moves each advocate to `move.to` (the default group: their row is removed), and records for
 * each the outbox event (the advocate's notification and email follow from it) and an audit
 * entry, in `tx`, the transaction of the move.
 */
export async function applyMoves(
  tx: Tx,
  brandId: number,
  moves: readonly Move[],
  how: GroupMoveHow,
  actor: AuditActor,
  at: Date,
): Promise<void> {
  if (moves.length === 0) return;
  const names = new Map(
    (
      await rowsOf<{ id: number; username: string }>(
        tx,
        sql`select id, username from users where id = any(${intArray(moves.map((m) => m.advocateId))})`,
      )
    ).map((r) => [r.id, r.username]),
  );
  for (const move of moves) {
    if (move.to.isDefault)
      await tx.execute(sql`delete from advocate_group_members
        where brand_id = ${brandId}::integer and advocate_id = ${move.advocateId}::integer`);
    else
      await tx.execute(sql`insert into advocate_group_members (brand_id, advocate_id, group_id, moved_at)
        values (${brandId}::integer, ${move.advocateId}::integer, ${move.to.id}::integer, ${at.toISOString()}::timestamptz)
        on conflict (brand_id, advocate_id) do update set group_id = excluded.group_id, moved_at = excluded.moved_at`);
    const username = names.get(move.advocateId) ?? `advocate ${move.advocateId}`;
    await recordEvent(tx, {
      type: 'advocate.group_changed',
      brandId,
      advocateId: move.advocateId,
      data: {
        brand_id: brandId,
        advocate: { id: move.advocateId, username },
        group: { id: move.to.id, name: move.to.name },
        previous_group: { id: move.from.id, name: move.from.name },
        how,
        moved_at: at.toISOString(),
      },
      at,
    });
    await recordAudit(tx, actor, {
      brandId,
      action: 'group.member_moved',
      target: { kind: 'group', id: move.to.id, label: `${username} → ${move.to.name}` },
      before: { advocate_id: move.advocateId, group: move.from.name },
      after: { advocate_id: move.advocateId, group: move.to.name, how },
      at,
    });
  }
}
