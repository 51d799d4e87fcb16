// Removing an advocate from a brand, banning them, and restoring them: one transaction each, with
// its outbox event and audit entry. Removal deletes the advocate's joins of the brand's campaigns
// (kept on the removal row for a restore): from then on their links lead to the product without
// counting (features/redirects) and nothing they bring earns (the conversions trigger of migration
// 0031). Pending rewards are kept, or rejected through the ledger's own review move; approved and
// paid ones are never touched.
import { sql } from 'drizzle-orm';
import {
  BANNED_FROM_BRAND,
  type AdvocateRemovalView,
  type PendingChoice,
} from 'contract';
import type { Database } from '../../db/client.js';
import type { LeftCampaign } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { intArray, rowsOf, type Tx } from '../../lib/sql.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { reviewConversions } from '../ledger/index.js';

export const ADVOCATE_NOT_FOUND = 'Advocate not found';
export const NOT_REMOVED = 'This advocate is not removed from the brand';
export const ALREADY_REMOVED =
  'This advocate is already removed from the brand; restore them first to change it';
export const ALREADY_BANNED = 'This advocate is already banned from the brand';

interface RemovalRow {
  brand_id: number;
  advocate_id: number;
  banned: boolean;
  reason: string;
  pending: PendingChoice;
  campaigns: LeftCampaign[];
  removed_by: string | null;
  removed_at: string | Date;
  name: string;
  email: string;
  username: string;
}

/** The removal rows of `where`, with the advocate's name and the remover's, latest first. */
async function removals(db: Tx, where: ReturnType<typeof sql>): Promise<RemovalRow[]> {
  return rowsOf<RemovalRow>(
    db,
    sql`select r.brand_id, r.advocate_id, r.banned, r.reason, r.pending, r.campaigns, r.removed_at,
        coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.username) as name,
        a.email, a.username,
        coalesce(nullif(trim(b.first_name || ' ' || b.last_name), ''), b.username) as removed_by
      from advocate_removals r
      join users a on a.id = r.advocate_id
      left join users b on b.id = r.removed_by
      where ${where}
      order by r.removed_at desc, r.advocate_id desc`,
  );
}

/** The screens' view of removal rows (campaign titles read now). */
async function toViews(db: Tx, rows: RemovalRow[]): Promise<AdvocateRemovalView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.campaigns.map((c) => c.campaign_id)))];
  const titles = new Map(
    (ids.length === 0
      ? []
      : await rowsOf<{ id: number; title: string | null }>(
          db,
          sql`select id, title from campaigns where id = any(${intArray(ids)})`,
        )
    ).map((c) => [c.id, c.title]),
  );
  return rows.map((r) => ({
    brand_id: r.brand_id,
    advocate: { id: r.advocate_id, name: r.name, email: r.email },
    status: r.banned ? 'banned' : 'removed',
    reason: r.reason,
    pending: r.pending,
    campaigns: r.campaigns.map((c) => ({
      campaign_id: c.campaign_id,
      title: titles.get(c.campaign_id) ?? null,
    })),
    removed_by: r.removed_by,
    removed_at: new Date(r.removed_at).toISOString(),
  }));
}

/** The brand's removed and banned advocates, latest first. */
export async function listRemovals(db: Tx, brandId: number): Promise<AdvocateRemovalView[]> {
  return toViews(db, await removals(db, sql`r.brand_id = ${brandId}::integer`));
}

/** Whether the advocate is banned from the brand (joining and applying are refused). */
export async function isBanned(db: Tx, brandId: number, advocateId: number): Promise<boolean> {
  const [row] = await rowsOf<{ banned: boolean }>(
    db,
    sql`select banned from advocate_removals
      where brand_id = ${brandId}::integer and advocate_id = ${advocateId}::integer and banned`,
  );
  return row !== undefined;
}

/** Refuses (403, a message the advocate can act on) when the advocate is banned from the brand. */
export async function assertNotBanned(db: Tx, brandId: number, advocateId: number): Promise<void> {
  if (await isBanned(db, brandId, advocateId)) throw new HttpError(403, BANNED_FROM_BRAND);
}

export interface Removal {
  brandId: number;
  advocateId: number;
  ban: boolean;
  reason: string;
  pending: PendingChoice;
  actorId: number;
  audit: AuditActor;
  at: Date;
}

const membershipEvent = (
  tx: Tx,
  type: 'advocate.removed' | 'advocate.banned' | 'advocate.restored',
  e: {
    brandId: number;
    advocateId: number;
    reason: string | null;
    pending: PendingChoice | null;
    campaignIds: number[];
    at: Date;
  },
) =>
  tx.execute(sql`
    insert into events (type, brand_id, advocate_id, data, created_at)
    select ${type}::varchar, b.id, u.id, jsonb_build_object(
        'brand_id', b.id, 'brand_name', b.brand_name,
        'advocate', jsonb_build_object('id', u.id, 'username', u.username),
        'reason', ${e.reason}::text, 'pending', ${e.pending}::text,
        'campaign_ids', ${JSON.stringify(e.campaignIds)}::jsonb,
        'at', ${e.at.toISOString()}::text),
      ${e.at.toISOString()}::timestamptz
    from brands b, users u where b.id = ${e.brandId}::integer and u.id = ${e.advocateId}::integer`);

/**
 * Removes (or bans) the advocate from the brand. A ban of someone already removed makes the
 * removal a ban (and takes them out of any campaign they joined again since); anything else on
 * an existing removal is a 409. 404 when the advocate never joined the brand nor earned from it.
 */
export async function removeAdvocate(
  db: Database,
  removal: Removal,
): Promise<{ view: AdvocateRemovalView; rejected: number }> {
  const { brandId, advocateId, at } = removal;
  return db.transaction(async (tx) => {
    const [existing] = await rowsOf<{ banned: boolean; campaigns: LeftCampaign[] }>(
      tx,
      sql`select banned, campaigns from advocate_removals
        where brand_id = ${brandId}::integer and advocate_id = ${advocateId}::integer for update`,
    );
    if (existing && (existing.banned || !removal.ban))
      throw new HttpError(409, existing.banned ? ALREADY_BANNED : ALREADY_REMOVED);
    // Leaving every campaign of the brand: the joins go, their facts stay on the removal row.
    const left = await rowsOf<{ campaign_id: number; joined_at: string | Date; source: string | null }>(
      tx,
      sql`delete from campaign_joins j using campaigns c
        where c.id = j.campaign_id and c.brand_id = ${brandId}::integer
          and j.advocate_id = ${advocateId}::integer
        returning j.campaign_id, j.joined_at, j.source`,
    );
    if (!existing && left.length === 0) {
      const [earned] = await rowsOf<{ one: number }>(
        tx,
        sql`select 1 as one from rewards
          where brand_id = ${brandId}::integer and advocate_id = ${advocateId}::integer limit 1`,
      );
      if (!earned) throw notFound(ADVOCATE_NOT_FOUND);
    }
    const campaigns: LeftCampaign[] = [
      ...(existing?.campaigns ?? []),
      ...left.map((j) => ({
        campaign_id: j.campaign_id,
        joined_at: new Date(j.joined_at).toISOString(),
        source: j.source,
      })),
    ].filter((c, i, all) => all.findIndex((o) => o.campaign_id === c.campaign_id) === i);
    await tx.execute(sql`
      insert into advocate_removals (brand_id, advocate_id, banned, reason, pending, campaigns, removed_by, removed_at)
      values (${brandId}::integer, ${advocateId}::integer, ${removal.ban}, ${removal.reason}::text,
        ${removal.pending}::text, ${JSON.stringify(campaigns)}::jsonb, ${removal.actorId}::integer,
        ${at.toISOString()}::timestamptz)
      on conflict (brand_id, advocate_id) do update set banned = excluded.banned,
        reason = excluded.reason, pending = excluded.pending, campaigns = excluded.campaigns,
        removed_by = excluded.removed_by, removed_at = excluded.removed_at`);

    let rejected = 0;
    if (removal.pending === 'reject') {
      // Locked first, so an approval racing this removal either lands before (and is kept, being
      // approved) or waits and finds the reward rejected.
      const pending = await rowsOf<{ conversion_id: number }>(
        tx,
        sql`select conversion_id from rewards
          where brand_id = ${brandId}::integer and advocate_id = ${advocateId}::integer
            and kind = 'reward' and status in ('pending', 'held')
          order by id for update`,
      );
      const moved = await reviewConversions(tx, {
        brandId,
        conversionIds: pending.map((p) => p.conversion_id),
        action: 'reject',
        actorId: removal.actorId,
        reason: `Advocate ${removal.ban ? 'banned' : 'removed'}: ${removal.reason}`,
        now: at,
        audit: removal.audit,
      });
      rejected = moved.length;
    }
    const [row] = await removals(
      tx,
      sql`r.brand_id = ${brandId}::integer and r.advocate_id = ${advocateId}::integer`,
    );
    const campaignIds = campaigns.map((c) => c.campaign_id);
    await membershipEvent(tx, removal.ban ? 'advocate.banned' : 'advocate.removed', {
      brandId,
      advocateId,
      reason: removal.reason,
      pending: removal.pending,
      campaignIds,
      at,
    });
    await recordAudit(tx, removal.audit, {
      brandId,
      action: removal.ban ? 'advocate.banned' : 'advocate.removed',
      target: { kind: 'advocate', id: advocateId, label: row.username },
      before: { status: existing ? 'removed' : 'member', campaigns: existing ? [] : campaignIds },
      after: {
        status: removal.ban ? 'banned' : 'removed',
        reason: removal.reason,
        pending: removal.pending,
        rejected_rewards: rejected,
      },
      at,
    });
    const [view] = await toViews(tx, [row]);
    return { view, rejected };
  });
}

/**
 * Lifts a removal or ban: the advocate is back in the campaigns they left (those not deleted
 * since), with their old links. Rewards rejected by the removal stay rejected (the brand may
 * reopen them in review). 404 when they are not removed.
 */
export async function restoreAdvocate(
  db: Database,
  r: { brandId: number; advocateId: number; audit: AuditActor; at: Date },
): Promise<{ campaigns: number }> {
  return db.transaction(async (tx) => {
    const [row] = await removals(
      tx,
      sql`r.brand_id = ${r.brandId}::integer and r.advocate_id = ${r.advocateId}::integer`,
    );
    if (!row) throw notFound(NOT_REMOVED);
    const back = await rowsOf<{ campaign_id: number }>(
      tx,
      sql`insert into campaign_joins (advocate_id, campaign_id, source, joined_at)
        select ${r.advocateId}::integer, x.campaign_id, x.source, x.joined_at
        from jsonb_to_recordset(${JSON.stringify(row.campaigns)}::jsonb)
          as x(campaign_id integer, joined_at timestamptz, source text)
        join campaigns c on c.id = x.campaign_id and c.deleted_at is null
        on conflict do nothing
        returning campaign_id`,
    );
    await tx.execute(
      sql`delete from advocate_removals
        where brand_id = ${r.brandId}::integer and advocate_id = ${r.advocateId}::integer`,
    );
    // Every campaign they are in now: those put back and those they had joined again.
    const inNow = await rowsOf<{ campaign_id: number }>(
      tx,
      sql`select j.campaign_id from campaign_joins j join campaigns c on c.id = j.campaign_id
        where c.brand_id = ${r.brandId}::integer and j.advocate_id = ${r.advocateId}::integer
        order by j.campaign_id`,
    );
    await membershipEvent(tx, 'advocate.restored', {
      brandId: r.brandId,
      advocateId: r.advocateId,
      reason: null,
      pending: null,
      campaignIds: inNow.map((c) => c.campaign_id),
      at: r.at,
    });
    await recordAudit(tx, r.audit, {
      brandId: r.brandId,
      action: 'advocate.restored',
      target: { kind: 'advocate', id: r.advocateId, label: row.username },
      before: { status: row.banned ? 'banned' : 'removed', reason: row.reason },
      after: { status: 'member', campaigns: back.map((c) => c.campaign_id) },
      at: r.at,
    });
    return { campaigns: inNow.length };
  });
}
