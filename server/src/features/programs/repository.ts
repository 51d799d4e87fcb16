// Applications to join a campaign: made by joining a campaign whose join_mode is application
// (or by Apply on the program page), decided by the brand (approve, optionally into a group, or
// reject with a reason) or approved at once when the campaign auto-approves and the applicant is
// clean. Every change writes its outbox event and audit entry in its own transaction.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApplicationAnswer, ApplicationSignal, ApplicationStatus } from 'contract';
import type { Database } from '../../db/client.js';
import {
  brandMembers,
  brands,
  campaignApplications,
  campaigns,
  users,
  type BrandRow,
  type CampaignApplicationRow,
} from '../../db/schema.js';
import { isDisposableEmail, isSelfReferral } from '../fraud/index.js';
import { rowsOf } from '../../lib/sql.js';
import { recordEvent } from '../events/outbox.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { joinCampaign } from '../joins/repository.js';
import { applyMoves, defaultGroup, findGroup, groupsOf } from '../groups/index.js';

/** The campaign facts applying and approving need. */
export interface ApplicableCampaign {
  id: number;
  brandId: number;
  title: string | null;
  autoApprove: boolean;
  /** The campaign's live products (one link each; none → one campaign-wide link). */
  productIds: readonly number[];
}

export type ApplyOutcome =
  | { status: 'pending'; application: CampaignApplicationRow }
  | {
      status: 'approved';
      application: CampaignApplicationRow;
      links: { productId: number | null; code: string }[];
    }
  | { status: 'rejected'; application: CampaignApplicationRow };

/** The system as the actor of an automatic approval (the audit log names it). */
const AUTO_APPROVAL_ACTOR: AuditActor = {
  kind: 'system',
  id: null,
  name: 'Automatic approval',
  ipHash: null,
};

/**
 * What may be wrong with an applicant: an unverified email, a disposable mail domain, or an
 * address of the brand's own people (same mailbox, or the same company domain as a member's).
 */
export async function applicantSignals(
  db: Database,
  brandId: number,
  advocateId: number,
): Promise<ApplicationSignal[]> {
  const [person] = await db
    .select({ email: users.email, verifiedAt: users.verifiedAt })
    .from(users)
    .where(eq(users.id, advocateId));
  if (!person) return [];
  const members = await db
    .select({ email: users.email })
    .from(brandMembers)
    .innerJoin(users, eq(users.id, brandMembers.userId))
    .where(eq(brandMembers.brandId, brandId));
  return signalsOf(
    person,
    members.map((m) => m.email),
  );
}

function signalsOf(
  person: { email: string; verifiedAt: Date | null },
  memberEmails: readonly string[],
): ApplicationSignal[] {
  const signals: ApplicationSignal[] = [];
  if (!person.verifiedAt) signals.push('unverified_email');
  if (isDisposableEmail(person.email)) signals.push('disposable_email');
  if (isSelfReferral(person.email, memberEmails)) signals.push('self_referral');
  return signals;
}

interface EventNames {
  brandName: string;
  username: string;
}

async function eventNames(db: Database, brandId: number, advocateId: number): Promise<EventNames> {
  const [row] = await db
    .select({ brandName: brands.brandName, username: users.username })
    .from(brands)
    .innerJoin(users, eq(users.id, advocateId))
    .where(eq(brands.id, brandId));
  return row ?? { brandName: `Brand ${brandId}`, username: `advocate ${advocateId}` };
}

type ApplicationEventType = 'application.created' | 'application.approved' | 'application.rejected';

async function recordApplicationEvent(
  tx: Database,
  type: ApplicationEventType,
  application: CampaignApplicationRow,
  campaign: { id: number; title: string | null },
  names: EventNames,
  at: Date,
): Promise<void> {
  await recordEvent(tx, {
    type,
    brandId: application.brandId,
    advocateId: application.advocateId,
    data: {
      brand_id: application.brandId,
      brand_name: names.brandName,
      advocate: { id: application.advocateId, username: names.username },
      campaign: { id: campaign.id, title: campaign.title ?? '' },
      application: {
        id: application.id,
        status: application.status,
        reason: application.reason,
        auto_approved: application.autoApproved,
      },
      at: at.toISOString(),
    },
    at,
  });
}

const auditLabel = (names: EventNames, campaign: { id: number; title: string | null }) =>
  `${names.username} → ${campaign.title || `campaign ${campaign.id}`}`;

/**
 * Applies `advocateId` to the campaign with `answers` (already checked against the brand's
 * questions). An existing application answers with its state (a pending one stays pending, an
 * approved one gives the links again, a rejected one stays rejected). A new one is approved at
 * once when the campaign auto-approves and the applicant has no signal.
 */
export async function applyToCampaign(
  db: Database,
  input: {
    advocateId: number;
    campaign: ApplicableCampaign;
    answers: readonly ApplicationAnswer[];
    source: string | null;
    at: Date;
  },
): Promise<ApplyOutcome> {
  const { campaign, advocateId, at } = input;
  const names = await eventNames(db, campaign.brandId, advocateId);
  const signals = campaign.autoApprove
    ? await applicantSignals(db, campaign.brandId, advocateId)
    : ['manual'];
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(campaignApplications)
      .values({
        brandId: campaign.brandId,
        campaignId: campaign.id,
        advocateId,
        answers: [...input.answers],
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) {
      const [existing] = await tx
        .select()
        .from(campaignApplications)
        .where(
          and(
            eq(campaignApplications.campaignId, campaign.id),
            eq(campaignApplications.advocateId, advocateId),
          ),
        );
      if (existing.status === 'approved') {
        const joined = await joinCampaign(tx, joinOf(campaign, advocateId, input.source, at));
        return { status: 'approved', application: existing, links: joined.links };
      }
      return { status: existing.status, application: existing } as ApplyOutcome;
    }
    let application = inserted[0];
    await recordApplicationEvent(tx, 'application.created', application, campaign, names, at);
    if (signals.length > 0) return { status: 'pending', application };

    [application] = await tx
      .update(campaignApplications)
      .set({ status: 'approved', autoApproved: true, decidedAt: at })
      .where(eq(campaignApplications.id, application.id))
      .returning();
    const joined = await joinCampaign(tx, joinOf(campaign, advocateId, input.source, at));
    await recordApplicationEvent(tx, 'application.approved', application, campaign, names, at);
    await recordAudit(tx, AUTO_APPROVAL_ACTOR, {
      brandId: campaign.brandId,
      action: 'application.approved',
      target: { kind: 'application', id: application.id, label: auditLabel(names, campaign) },
      after: { status: 'approved', auto_approved: true },
      at,
    });
    return { status: 'approved', application, links: joined.links };
  });
}

const joinOf = (
  campaign: ApplicableCampaign,
  advocateId: number,
  source: string | null,
  at: Date,
) => ({
  advocateId,
  campaignId: campaign.id,
  brandId: campaign.brandId,
  productIds: campaign.productIds,
  source,
  at,
});

/** The campaign's live products, as joining makes one link for each. */
export async function liveProductIds(db: Database, campaignId: number): Promise<number[]> {
  const rows = await rowsOf<{ product_id: number }>(
    db,
    sql`select cp.product_id from campaign_products cp join products p on p.id = cp.product_id
      where cp.campaign_id = ${campaignId}::integer and p.deleted_at is null order by cp.product_id`,
  );
  return rows.map((r) => Number(r.product_id));
}

/** The advocate's application to the campaign, if any. */
export async function applicationOf(
  db: Database,
  advocateId: number,
  campaignId: number,
): Promise<CampaignApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignApplications)
    .where(
      and(
        eq(campaignApplications.campaignId, campaignId),
        eq(campaignApplications.advocateId, advocateId),
      ),
    );
  return row;
}

export async function myApplications(
  db: Database,
  advocateId: number,
): Promise<CampaignApplicationRow[]> {
  return db
    .select()
    .from(campaignApplications)
    .where(eq(campaignApplications.advocateId, advocateId))
    .orderBy(asc(campaignApplications.createdAt), asc(campaignApplications.id));
}

export interface ApplicationRecord {
  application: CampaignApplicationRow;
  campaignTitle: string | null;
  username: string;
  email: string;
  verifiedAt: Date | null;
  signals: ApplicationSignal[];
}

/** A brand's applications (of one status, or all), oldest first, with each applicant's signals. */
export async function listApplications(
  db: Database,
  brandId: number,
  status: ApplicationStatus | undefined,
  ids?: readonly number[],
): Promise<ApplicationRecord[]> {
  const rows = await db
    .select({
      application: campaignApplications,
      campaignTitle: campaigns.title,
      username: users.username,
      email: users.email,
      verifiedAt: users.verifiedAt,
    })
    .from(campaignApplications)
    .innerJoin(campaigns, eq(campaigns.id, campaignApplications.campaignId))
    .innerJoin(users, eq(users.id, campaignApplications.advocateId))
    .where(
      and(
        eq(campaignApplications.brandId, brandId),
        status ? eq(campaignApplications.status, status) : undefined,
        ids ? inArray(campaignApplications.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(campaignApplications.createdAt), asc(campaignApplications.id))
    .limit(1000);
  const members = await db
    .select({ email: users.email })
    .from(brandMembers)
    .innerJoin(users, eq(users.id, brandMembers.userId))
    .where(eq(brandMembers.brandId, brandId));
  const memberEmails = members.map((m) => m.email);
  return rows.map((row) => ({ ...row, signals: signalsOf(row, memberEmails) }));
}

export type DecisionResult =
  | { ok: true; application: CampaignApplicationRow }
  | { ok: false; reason: 'not_found' | 'already_decided' | 'group_not_found' };

/**
 * Approves a pending (or earlier rejected) application of the brand: the advocate joins the
 * campaign, and with `groupId` moves into that group of the brand (its move event and entry).
 */
export async function approveApplication(
  db: Database,
  input: {
    brandId: number;
    applicationId: number;
    groupId: number | undefined;
    actor: AuditActor;
    at: Date;
  },
): Promise<DecisionResult> {
  const { brandId, at } = input;
  return db.transaction(async (tx): Promise<DecisionResult> => {
    const [current] = await tx
      .select({ application: campaignApplications, campaign: campaigns })
      .from(campaignApplications)
      .innerJoin(campaigns, eq(campaigns.id, campaignApplications.campaignId))
      .where(
        and(
          eq(campaignApplications.id, input.applicationId),
          eq(campaignApplications.brandId, brandId),
        ),
      )
      .for('update', { of: campaignApplications });
    if (!current) return { ok: false, reason: 'not_found' };
    if (current.application.status === 'approved') return { ok: false, reason: 'already_decided' };
    const group =
      input.groupId === undefined ? undefined : await findGroup(tx, brandId, input.groupId);
    if (input.groupId !== undefined && !group) return { ok: false, reason: 'group_not_found' };
    const [application] = await tx
      .update(campaignApplications)
      .set({
        status: 'approved',
        reason: null,
        groupId: group?.id ?? null,
        decidedBy: input.actor.id,
        decidedAt: at,
      })
      .where(eq(campaignApplications.id, input.applicationId))
      .returning();
    const campaign = current.campaign;
    const productIds = await liveProductIds(tx, campaign.id);
    await joinCampaign(tx, {
      advocateId: application.advocateId,
      campaignId: campaign.id,
      brandId,
      productIds,
      source: 'application',
      at,
    });
    if (group) {
      const fallback = await defaultGroup(tx, brandId, at);
      const currentId = (await groupsOf(tx, brandId, [application.advocateId], fallback)).get(
        application.advocateId,
      );
      const from = currentId === undefined ? fallback : await findGroup(tx, brandId, currentId);
      if (from && from.id !== group.id)
        await applyMoves(
          tx,
          brandId,
          [{ advocateId: application.advocateId, from, to: group }],
          'approved',
          input.actor,
          at,
        );
    }
    const names = await eventNames(tx, brandId, application.advocateId);
    await recordApplicationEvent(tx, 'application.approved', application, campaign, names, at);
    await recordAudit(tx, input.actor, {
      brandId,
      action: 'application.approved',
      target: { kind: 'application', id: application.id, label: auditLabel(names, campaign) },
      before: { status: current.application.status },
      after: { status: 'approved', group: group?.name ?? null },
      at,
    });
    return { ok: true, application };
  });
}

/** Rejects a pending application of the brand with the brand's reason (shown to the advocate). */
export async function rejectApplication(
  db: Database,
  input: { brandId: number; applicationId: number; reason: string; actor: AuditActor; at: Date },
): Promise<DecisionResult> {
  const { brandId, at } = input;
  return db.transaction(async (tx): Promise<DecisionResult> => {
    const [current] = await tx
      .select({ application: campaignApplications, campaign: campaigns })
      .from(campaignApplications)
      .innerJoin(campaigns, eq(campaigns.id, campaignApplications.campaignId))
      .where(
        and(
          eq(campaignApplications.id, input.applicationId),
          eq(campaignApplications.brandId, brandId),
        ),
      )
      .for('update', { of: campaignApplications });
    if (!current) return { ok: false, reason: 'not_found' };
    // An approved advocate has joined: taking them out is removal (brand advocates), not this.
    if (current.application.status !== 'pending') return { ok: false, reason: 'already_decided' };
    const [application] = await tx
      .update(campaignApplications)
      .set({
        status: 'rejected',
        reason: input.reason,
        decidedBy: input.actor.id,
        decidedAt: at,
      })
      .where(eq(campaignApplications.id, input.applicationId))
      .returning();
    const names = await eventNames(tx, brandId, application.advocateId);
    await recordApplicationEvent(
      tx,
      'application.rejected',
      application,
      current.campaign,
      names,
      at,
    );
    await recordAudit(tx, input.actor, {
      brandId,
      action: 'application.rejected',
      target: {
        kind: 'application',
        id: application.id,
        label: auditLabel(names, current.campaign),
      },
      before: { status: 'pending' },
      after: { status: 'rejected', reason: input.reason },
      at,
    });
    return { ok: true, application };
  });
}

/** The brand of a program page, by its slug. */
export async function brandBySlug(db: Database, slug: string): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.slug, slug));
  return row;
}
