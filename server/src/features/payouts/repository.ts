// Payouts: one per advocate and currency, holding exactly the approved entries it pays (negative
// ones deducted). Creating them is serialized per brand (a transaction-scoped advisory lock) and
// the entries are locked and moved to paid in the same transaction, so two concurrent requests
// can never pay an entry twice.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { PayoutMethodSnapshot, PayoutStatus } from '../../db/schema.js';
import {
  recordMoves,
  payoutCreatedReason,
  payoutFailedReason,
  payoutSettings,
} from '../ledger/index.js';
import { pageWindow, type Paging } from '../../lib/paging.js';
import { intArray, rowsOf, type Tx } from '../../lib/sql.js';
import { millsText, toMills } from 'contract';
import { recordPayoutEvents } from '../events/index.js';
import { recordPayoutAudit, type AuditActor } from '../audit/index.js';

/** First key of the advisory lock that serializes "create payouts" per brand (the second is the brand id). */
const CREATE_PAYOUTS_LOCK = 0x7061_7900; // 'pay\0'

export interface AdvocateBalanceRow {
  advocate_id: number;
  advocate: string;
  email: string;
  currency: string;
  mills: bigint;
  has_method: boolean;
}

/** Thousandths → the number the API replies with. */
export const millsToNumber = (mills: bigint): number => Number(millsText(mills));

/** Approved, unpaid balances of the brand per advocate and currency (only non-zero ones). */
export async function advocateBalances(db: Tx, brandId: number): Promise<AdvocateBalanceRow[]> {
  const rows = await rowsOf<{
    advocate_id: number;
    advocate: string;
    email: string;
    currency: string;
    amount: string;
    has_method: boolean;
  }>(
    db,
    sql`select r.advocate_id, u.username as advocate, u.email, r.currency, sum(r.amount)::text as amount,
        exists (select 1 from payout_methods m where m.advocate_id = r.advocate_id and m.is_default) as has_method
      from rewards r join users u on u.id = r.advocate_id
      where r.brand_id = ${brandId}::integer and r.status = 'approved'
      group by r.advocate_id, u.username, u.email, r.currency
      having sum(r.amount) <> 0
      order by r.currency, sum(r.amount) desc, r.advocate_id`,
  );
  return rows.map((r) => ({ ...r, mills: toMills(r.amount) }));
}

/** A balance a payout pays: positive and at least the minimum. */
export const isDue = (mills: bigint, minimumMills: bigint) => mills > 0n && mills >= minimumMills;

export interface PayoutRowView {
  id: number;
  advocate_id: number;
  advocate: string;
  email: string;
  currency: string;
  amount: string;
  status: PayoutStatus;
  method: PayoutMethodSnapshot;
  created_at: string | Date;
  failure_reason: string | null;
  rewards: string | number;
}

const PAYOUT_COLUMNS = sql`p.id, p.advocate_id, u.username as advocate, u.email, p.currency, p.amount::text as amount,
  p.status, p.method, p.created_at, p.failure_reason,
  (select count(*) from rewards r where r.payout_id = p.id) as rewards`;

export async function listPayouts(
  db: Tx,
  brandId: number,
  status: PayoutStatus | undefined,
  page: Paging,
): Promise<{ total: number; rows: PayoutRowView[] }> {
  const filter = status ? sql`and p.status = ${status}::text` : sql``;
  const rows = await rowsOf<PayoutRowView>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p join users u on u.id = p.advocate_id
      where p.brand_id = ${brandId}::integer ${filter}
      order by p.created_at desc, p.id desc
      ${pageWindow(page)}`,
  );
  const [count] = await rowsOf<{ n: string }>(
    db,
    sql`select count(*) as n from payouts p where p.brand_id = ${brandId}::integer ${filter}`,
  );
  return { total: Number(count?.n ?? 0), rows };
}

export async function findPayout(
  db: Tx,
  id: number,
): Promise<(PayoutRowView & { brand_id: number; owner_id: number }) | undefined> {
  const [row] = await rowsOf<PayoutRowView & { brand_id: number; owner_id: number }>(
    db,
    sql`select ${PAYOUT_COLUMNS}, p.brand_id, b.owner_id from payouts p
      join users u on u.id = p.advocate_id join brands b on b.id = p.brand_id
      where p.id = ${id}::integer`,
  );
  return row;
}

export async function payoutsByIds(db: Tx, ids: readonly number[]): Promise<PayoutRowView[]> {
  if (ids.length === 0) return [];
  return rowsOf<PayoutRowView>(
    db,
    sql`select ${PAYOUT_COLUMNS} from payouts p join users u on u.id = p.advocate_id
      where p.id = any(${intArray(ids)}) order by p.id`,
  );
}

/** The last batch: the payouts (failed ones aside) of the brand's latest "create payouts". */
export async function previousBatch(db: Tx, brandId: number) {
  return rowsOf<{ currency: string; amount: string; created_at: string | Date; n: string }>(
    db,
    sql`select currency, sum(amount)::text as amount, created_at, count(*) as n from payouts
      where brand_id = ${brandId}::integer and status <> 'failed'
        and created_at = (select max(created_at) from payouts
          where brand_id = ${brandId}::integer and status <> 'failed')
      group by currency, created_at order by currency`,
  );
}

export interface CreatedPayouts {
  payoutIds: number[];
  needsMethod: AdvocateBalanceRow[];
  /** The preview was confirmed before: its payouts, nothing created now. */
  duplicate: boolean;
}

/** The approved entries of one advocate in one currency: what one payout would pay. */
interface EntryGroup {
  advocateId: number;
  currency: string;
  ids: number[];
  mills: bigint;
}

/**
 * The brand's approved entries grouped per advocate and currency (only `onlyIds` when given);
 * `lock` locks them for this transaction (creating payouts), else it only reads (a preview).
 */
async function approvedGroups(
  tx: Tx,
  brandId: number,
  { lock, onlyIds }: { lock: boolean; onlyIds?: readonly number[] },
): Promise<EntryGroup[]> {
  const entries = await rowsOf<{
    id: number;
    advocate_id: number;
    currency: string;
    amount: string;
  }>(
    tx,
    sql`select id, advocate_id, currency, amount::text as amount from rewards
      where brand_id = ${brandId}::integer and status = 'approved'
        ${onlyIds ? sql`and id = any(${intArray(onlyIds)})` : sql``}
      order by id ${lock ? sql`for update` : sql``}`,
  );
  const groups = new Map<string, EntryGroup>();
  for (const e of entries) {
    const key = `${e.advocate_id}:${e.currency}`;
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = { advocateId: e.advocate_id, currency: e.currency, ids: [], mills: 0n }),
      );
    group.ids.push(e.id);
    group.mills += toMills(e.amount);
  }
  return [...groups.values()];
}

/** The default payout method of each advocate that has one. */
async function defaultMethods(tx: Tx, advocateIds: readonly number[]) {
  const methods = await rowsOf<PayoutMethodSnapshot & { advocate_id: number }>(
    tx,
    sql`select advocate_id, type, paypal_email, account_holder, bank_name, account_number, bank_code, bank_country
      from payout_methods where is_default and advocate_id = any(${intArray([...new Set(advocateIds)])})`,
  );
  return new Map(methods.map(({ advocate_id, ...m }) => [advocate_id, m]));
}

async function usersById(tx: Tx, ids: readonly number[]) {
  const users = await rowsOf<{ id: number; username: string; email: string }>(
    tx,
    sql`select id, username, email from users where id = any(${intArray([...new Set(ids)])})`,
  );
  return new Map(users.map((u) => [u.id, u]));
}

export interface PreviewedPayout {
  advocate_id: number;
  advocate: string;
  email: string;
  currency: string;
  mills: bigint;
  method: PayoutMethodSnapshot;
  rewards: number;
}

export interface BlockedBalance {
  advocate_id: number;
  advocate: string;
  email: string;
  currency: string;
  mills: bigint;
  reason: 'no_method' | 'below_minimum';
}

export interface PayoutPreview {
  id: string;
  createdAt: Date;
  payouts: PreviewedPayout[];
  blocked: BlockedBalance[];
  minimumMills: bigint;
}

/**
 * What "create payouts" would do now, kept as a preview to confirm: per advocate and currency
 * the amount and method, and the balances it would not pay (no method, below the minimum).
 */
export async function previewPayouts(
  db: Database,
  brandId: number,
  actorId: number,
  now: Date,
): Promise<PayoutPreview> {
  return db.transaction(async (tx) => {
    const settings = await payoutSettings(tx, brandId);
    const minimum = toMills(settings.payoutMinimum);
    const groups = (await approvedGroups(tx, brandId, { lock: false })).filter((g) => g.mills > 0n);
    const methodOf = await defaultMethods(
      tx,
      groups.map((g) => g.advocateId),
    );
    const userOf = await usersById(
      tx,
      groups.map((g) => g.advocateId),
    );
    const payable = groups.filter((g) => isDue(g.mills, minimum) && methodOf.has(g.advocateId));
    const person = (g: EntryGroup) => ({
      advocate_id: g.advocateId,
      advocate: userOf.get(g.advocateId)?.username ?? '',
      email: userOf.get(g.advocateId)?.email ?? '',
      currency: g.currency,
      mills: g.mills,
    });
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into payout_previews (brand_id, entries, created_by, created_at)
        values (${brandId}::integer,
          ${JSON.stringify(payable.map((g) => ({ advocate_id: g.advocateId, currency: g.currency, ids: g.ids })))}::jsonb,
          ${actorId}::integer, ${now.toISOString()}::timestamptz)
        returning id`,
    );
    const byCurrency = (
      a: { currency: string; mills: bigint },
      b: { currency: string; mills: bigint },
    ) =>
      a.currency.localeCompare(b.currency) || (b.mills > a.mills ? 1 : b.mills < a.mills ? -1 : 0);
    return {
      id: row.id,
      createdAt: now,
      minimumMills: minimum,
      payouts: payable
        .map((g) => ({ ...person(g), method: methodOf.get(g.advocateId)!, rewards: g.ids.length }))
        .sort(byCurrency),
      blocked: groups
        .filter((g) => !payable.includes(g))
        .map((g) => ({
          ...person(g),
          reason: isDue(g.mills, minimum) ? ('no_method' as const) : ('below_minimum' as const),
        }))
        .sort(byCurrency),
    };
  });
}

/** No preview of this id for the brand. */
export class PreviewNotFound extends Error {}

/**
 * Creates a payout for every advocate and currency whose approved balance is due, paid to the
 * advocate's default method; due balances without one are returned as needing a method. With
 * `previewId`, only the entries that preview showed (those still approved), and only once: a
 * second confirmation of the same preview returns its payouts and creates nothing.
 */
export async function createPayouts(
  db: Database,
  brandId: number,
  actorId: number,
  now: Date,
  audit?: AuditActor,
  previewId?: string,
): Promise<CreatedPayouts> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CREATE_PAYOUTS_LOCK}::integer, ${brandId}::integer)`,
    );
    let onlyIds: number[] | undefined;
    if (previewId !== undefined) {
      const [preview] = await rowsOf<{
        entries: { ids: number[] }[] | string;
        payout_ids: number[] | string | null;
      }>(
        tx,
        sql`select entries, payout_ids from payout_previews
          where id = ${previewId}::varchar and brand_id = ${brandId}::integer for update`,
      );
      if (!preview) throw new PreviewNotFound();
      const json = <T>(value: T | string): T =>
        typeof value === 'string' ? (JSON.parse(value) as T) : value;
      if (preview.payout_ids !== null)
        return { payoutIds: json(preview.payout_ids), needsMethod: [], duplicate: true };
      onlyIds = json(preview.entries).flatMap((g) => g.ids);
    }
    const created = await payDueGroups(tx, brandId, actorId, now, audit, onlyIds);
    if (previewId !== undefined)
      await tx.execute(
        sql`update payout_previews set confirmed_at = ${now.toISOString()}::timestamptz,
          payout_ids = ${JSON.stringify(created.payoutIds)}::jsonb
          where id = ${previewId}::varchar`,
      );
    return created;
  });
}

/** A transaction of `db.transaction` (payoutSettings reads through Drizzle's query builder). */
type DbTx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function payDueGroups(
  tx: DbTx,
  brandId: number,
  actorId: number,
  now: Date,
  audit: AuditActor | undefined,
  onlyIds: readonly number[] | undefined,
): Promise<CreatedPayouts> {
  const settings = await payoutSettings(tx, brandId);
  const minimum = toMills(settings.payoutMinimum);
  // The entries themselves, locked: approvals committing meanwhile are not in this payout,
  // and an entry another transaction moved is not here at all.
  const groups = await approvedGroups(tx, brandId, { lock: true, onlyIds });
  const due = groups.filter((g) => isDue(g.mills, minimum));
  if (due.length === 0) return { payoutIds: [], needsMethod: [], duplicate: false };

  const methodOf = await defaultMethods(
    tx,
    due.map((g) => g.advocateId),
  );
  const payoutIds: number[] = [];
  const without: EntryGroup[] = [];
  for (const group of due) {
    const method = methodOf.get(group.advocateId);
    if (!method) {
      without.push(group);
      continue;
    }
    const [payout] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into payouts (brand_id, advocate_id, currency, amount, status, method, created_by, created_at)
        values (${brandId}::integer, ${group.advocateId}::integer, ${group.currency}::varchar,
          ${millsText(group.mills)}::numeric, 'pending', ${JSON.stringify(method)}::jsonb,
          ${actorId}::integer, ${now.toISOString()}::timestamptz)
        returning id`,
    );
    const paid = await rowsOf<{ id: number }>(
      tx,
      sql`update rewards set status = 'paid', payout_id = ${payout.id}::integer
        where id = any(${intArray(group.ids)}) and status = 'approved' returning id`,
    );
    // The rows are locked by this transaction: anything else is a bug, and paying it would be wrong.
    if (paid.length !== group.ids.length)
      throw new Error(`payout ${payout.id}: entries moved under the lock`);
    await recordMoves(
      tx,
      group.ids.map((id) => ({ rewardId: id, from: 'approved' as const })),
      'paid',
      actorId,
      payoutCreatedReason(payout.id),
      now,
      payout.id,
    );
    payoutIds.push(payout.id);
  }
  await recordPayoutEvents(tx, 'payout.created', payoutIds, now);
  if (audit) await recordPayoutAudit(tx, audit, { verb: 'created', ids: payoutIds, at: now });
  const userOf =
    without.length > 0
      ? await usersById(
          tx,
          without.map((g) => g.advocateId),
        )
      : new Map();
  const needsMethod: AdvocateBalanceRow[] = without.map((g) => ({
    advocate_id: g.advocateId,
    advocate: userOf.get(g.advocateId)?.username ?? '',
    email: userOf.get(g.advocateId)?.email ?? '',
    currency: g.currency,
    mills: g.mills,
    has_method: false,
  }));
  return { payoutIds, needsMethod, duplicate: false };
}

export type PayoutMark = 'sent' | 'successful' | 'failed';

/** Which statuses a mark moves a payout from, and where to. */
const MARKS: Record<PayoutMark, { from: PayoutStatus[]; to: PayoutStatus }> = {
  sent: { from: ['pending'], to: 'ongoing' },
  successful: { from: ['ongoing'], to: 'successful' },
  failed: { from: ['pending', 'ongoing'], to: 'failed' },
};

/**
 * Moves payout `id` on; a failed payout gives its entries back to approved (recorded as moves),
 * so the next payout pays them again. Returns false when the payout is not in a status the mark
 * moves from.
 */
export async function markPayout(
  db: Database,
  id: number,
  mark: PayoutMark,
  actorId: number,
  reason: string | null,
  now: Date,
  audit?: AuditActor,
): Promise<boolean> {
  const rule = MARKS[mark];
  return db.transaction(async (tx) => {
    const stamp = now.toISOString();
    // `old` (locked) gives the status it moved from, for the audit log.
    const [row] = await rowsOf<{ id: number; from_status: PayoutStatus }>(
      tx,
      sql`with old as (select id, status from payouts
          where id = ${id}::integer and status = any(${`{${rule.from.join(',')}}`}::text[]) for update)
        update payouts p set status = ${rule.to}::text,
          sent_at = case when ${rule.to}::text = 'ongoing' then ${stamp}::timestamptz else p.sent_at end,
          completed_at = case when ${rule.to}::text in ('successful', 'failed') then ${stamp}::timestamptz else p.completed_at end,
          failure_reason = case when ${rule.to}::text = 'failed' then ${reason}::text else p.failure_reason end
        from old where p.id = old.id
        returning p.id, old.status as from_status`,
    );
    if (!row) return false;
    if (mark === 'failed') {
      const back = await rowsOf<{ id: number }>(
        tx,
        sql`update rewards set status = 'approved', payout_id = null
          where payout_id = ${id}::integer and status = 'paid' returning id`,
      );
      await recordMoves(
        tx,
        back.map((r) => ({ rewardId: r.id, from: 'paid' as const })),
        'approved',
        actorId,
        payoutFailedReason(id, reason),
        now,
        id,
      );
    }
    if (mark === 'successful') await recordPayoutEvents(tx, 'payout.paid', [id], now);
    if (mark === 'failed') await recordPayoutEvents(tx, 'payout.failed', [id], now);
    if (audit)
      await recordPayoutAudit(tx, audit, {
        verb: mark === 'successful' ? 'paid' : mark,
        ids: [id],
        fromStatus: row.from_status,
        at: now,
      });
    return true;
  });
}
