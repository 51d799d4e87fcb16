// A brand's bulk invitations of advocates to one campaign: each address gets a link carrying a
// random token (stored as its sha256), valid 14 days and once. Opening it signs up or signs in,
// and accepting joins the campaign whatever its join_mode (no approval). An advocate whose
// address was invited also joins straight from the campaign (join-modes.ts).
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import escape from 'escape-html';
import type { AdvocateInvitationDetailsReply } from 'contract';
import type { Database } from '../../db/client.js';
import {
  advocateInvitations,
  brands,
  campaignApplications,
  campaignJoins,
  campaigns,
  users,
} from '../../db/schema.js';
import { addMs } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../emails/index.js';
import { recordEvent } from '../events/outbox.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

export const ADVOCATE_INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface CreatedInvitation {
  email: string;
  token: string;
}

/** Addresses (normalised) of `emails` that already joined the campaign. */
export async function alreadyJoined(
  db: Database,
  campaignId: number,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(campaignJoins)
    .innerJoin(users, eq(users.id, campaignJoins.advocateId))
    .where(and(eq(campaignJoins.campaignId, campaignId), inArray(users.email, [...emails])));
  return new Set(rows.map((r) => r.email));
}

/**
 * Stores one invitation per address (a new one replaces a pending one to the same campaign:
 * its link stops working), with one outbox event and one audit entry for the batch.
 */
export async function createAdvocateInvitations(
  db: Database,
  input: {
    brandId: number;
    campaign: { id: number; title: string | null };
    emails: readonly string[];
    invitedBy: number;
    at: Date;
  },
  actor: AuditActor,
): Promise<CreatedInvitation[]> {
  const { at } = input;
  if (input.emails.length === 0) return [];
  const created = input.emails.map((email) => ({ email, token: randomToken() }));
  await db.transaction(async (tx) => {
    await tx
      .update(advocateInvitations)
      .set({ expiresAt: at })
      .where(
        and(
          eq(advocateInvitations.campaignId, input.campaign.id),
          inArray(advocateInvitations.email, [...input.emails]),
          isNull(advocateInvitations.acceptedAt),
          gt(advocateInvitations.expiresAt, at),
        ),
      );
    await tx.insert(advocateInvitations).values(
      created.map(({ email, token }) => ({
        brandId: input.brandId,
        campaignId: input.campaign.id,
        email,
        tokenHash: sha256(token),
        invitedBy: input.invitedBy,
        createdAt: at,
        expiresAt: addMs(at, ADVOCATE_INVITATION_TTL_MS),
      })),
    );
    await recordEvent(tx, {
      type: 'advocate.invited',
      brandId: input.brandId,
      advocateId: null,
      data: {
        brand_id: input.brandId,
        campaign: { id: input.campaign.id, title: input.campaign.title ?? '' },
        invited: created.length,
        at: at.toISOString(),
      },
      at,
    });
    await recordAudit(tx, actor, {
      brandId: input.brandId,
      action: 'application.invited',
      target: {
        kind: 'application',
        id: null,
        label: `${created.length} invited to ${input.campaign.title || `campaign ${input.campaign.id}`}`,
      },
      // The addresses themselves are in advocate_invitations; the entry keeps the count.
      after: { campaign_id: input.campaign.id, invited: created.length },
      at,
    });
  });
  return created;
}

/** The invitation email: the brand, the campaign, and the link. */
export function advocateInvitationMail(input: {
  to: string;
  brandName: string;
  campaignTitle: string;
  inviter: string;
  link: string;
}): MailMessage {
  const subject = `${input.brandName} invites you to its partner program`;
  const text =
    `${input.inviter} of ${input.brandName} invites you to promote "${input.campaignTitle}" as an advocate on ${PRODUCT_NAME}.\n\n` +
    `Join the campaign (sign in, or sign up with any email address):\n${input.link}\n\n` +
    'You join at once, without applying. The link works once, for 14 days. If you did not expect it, ignore this email.\n';
  const html =
    `<p>${escape(input.inviter)} of <strong>${escape(input.brandName)}</strong> invites you to promote “${escape(input.campaignTitle)}” as an advocate on ${PRODUCT_NAME}.</p>` +
    `<p><a href="${escape(input.link)}">Join the campaign</a> (sign in, or sign up with any email address).</p>` +
    '<p>You join at once, without applying. The link works once, for 14 days. If you did not expect it, ignore this email.</p>';
  return { to: input.to, subject, text, html };
}

/** What the invitation page shows for `token`, or null for an unknown token. */
export async function advocateInvitationDetails(
  db: Database,
  token: string,
  at: Date,
): Promise<(AdvocateInvitationDetailsReply & { campaignId: number; brandId: number }) | null> {
  const [row] = await db
    .select({
      invitation: advocateInvitations,
      brandName: brands.brandName,
      title: campaigns.title,
    })
    .from(advocateInvitations)
    .innerJoin(brands, eq(brands.id, advocateInvitations.brandId))
    .innerJoin(campaigns, eq(campaigns.id, advocateInvitations.campaignId))
    .where(eq(advocateInvitations.tokenHash, sha256(token)));
  if (!row) return null;
  const { invitation } = row;
  return {
    brand_name: row.brandName,
    campaign: { id: invitation.campaignId, title: row.title ?? '' },
    email: invitation.email,
    state: invitation.acceptedAt
      ? 'accepted'
      : invitation.expiresAt.getTime() <= at.getTime()
        ? 'expired'
        : 'pending',
    campaignId: invitation.campaignId,
    brandId: invitation.brandId,
  };
}

/**
 * Spends the invitation of `token` for `user` (whoever holds the link: it was mailed to the
 * address the brand chose); a pending application to the campaign is approved with it. False
 * when the token is unknown, used by someone else, or expired.
 */
export async function spendInvitationToken(
  db: Database,
  token: string,
  user: { id: number },
  at: Date,
): Promise<
  { ok: true; campaignId: number } | { ok: false; reason: 'unknown' | 'used' | 'expired' }
> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(advocateInvitations)
      .where(eq(advocateInvitations.tokenHash, sha256(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' as const };
    if (row.acceptedAt && row.acceptedBy !== user.id) return { ok: false, reason: 'used' as const };
    if (!row.acceptedAt && row.expiresAt.getTime() <= at.getTime())
      return { ok: false, reason: 'expired' as const };
    if (!row.acceptedAt)
      await tx
        .update(advocateInvitations)
        .set({ acceptedAt: at, acceptedBy: user.id })
        .where(eq(advocateInvitations.id, row.id));
    await approveByInvitation(tx, row.campaignId, user.id, at);
    return { ok: true as const, campaignId: row.campaignId };
  });
}

/**
 * Spends an invitation of the campaign to the advocate's address, if there is a live one (or one
 * they already accepted): true when they were invited.
 */
export async function acceptInvitationFor(
  db: Database,
  campaign: { id: number },
  advocate: { id: number; email: string },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(advocateInvitations)
      .where(
        and(
          eq(advocateInvitations.campaignId, campaign.id),
          or(
            and(
              eq(advocateInvitations.email, advocate.email),
              isNull(advocateInvitations.acceptedAt),
              gt(advocateInvitations.expiresAt, at),
            ),
            eq(advocateInvitations.acceptedBy, advocate.id),
          ),
        ),
      )
      .limit(1)
      .for('update');
    if (!row) return false;
    if (!row.acceptedAt)
      await tx
        .update(advocateInvitations)
        .set({ acceptedAt: at, acceptedBy: advocate.id })
        .where(eq(advocateInvitations.id, row.id));
    await approveByInvitation(tx, campaign.id, advocate.id, at);
    return true;
  });
}

/** An invited advocate's pending application is settled: they join without approval. */
async function approveByInvitation(
  tx: Database,
  campaignId: number,
  advocateId: number,
  at: Date,
): Promise<void> {
  await tx
    .update(campaignApplications)
    .set({ status: 'approved', decidedAt: at })
    .where(
      and(
        eq(campaignApplications.campaignId, campaignId),
        eq(campaignApplications.advocateId, advocateId),
        eq(campaignApplications.status, 'pending'),
      ),
    );
}
