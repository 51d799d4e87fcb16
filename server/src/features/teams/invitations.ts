// Invitations by email: a random token in the link (stored as its sha256), valid 7 days, used
// once, and only by the account with the invited address.
import { and, eq, isNull, sql } from 'drizzle-orm';
import escape from 'escape-html';
import { INVITATION_TTL_MS, type BrandRole } from 'contract/teams';
import type { Database } from '../../db/client.js';
import {
  brandInvitations,
  brandMembers,
  brands,
  users,
  type BrandInvitationRow,
} from '../../db/schema.js';
import type { InvitationDetailsReply } from 'contract';
import { PRODUCT_NAME } from '../emails/index.js';
import { addMs } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { MailMessage } from '../../mail/mailer.js';
import { grantRole } from '../roles/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

export type AcceptResult =
  | { ok: true; brandId: number; brandName: string; role: BrandRole }
  | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'wrong_account' | 'already_member' };

export async function createInvitation(
  db: Database,
  invite: { brandId: number; email: string; role: BrandRole; invitedBy: number; at: Date },
  actor: AuditActor,
): Promise<{ invitation: BrandInvitationRow; token: string }> {
  const token = randomToken();
  const invitation = await db.transaction(async (tx) => {
    // A new invitation to the same address replaces a pending one (its link stops working).
    await tx
      .update(brandInvitations)
      .set({ expiresAt: invite.at })
      .where(
        and(
          eq(brandInvitations.brandId, invite.brandId),
          eq(brandInvitations.email, invite.email),
          isNull(brandInvitations.acceptedAt),
          sql`${brandInvitations.expiresAt} > ${invite.at.toISOString()}::timestamptz`,
        ),
      );
    const [row] = await tx
      .insert(brandInvitations)
      .values({
        brandId: invite.brandId,
        email: invite.email,
        role: invite.role,
        tokenHash: sha256(token),
        invitedBy: invite.invitedBy,
        createdAt: invite.at,
        expiresAt: addMs(invite.at, INVITATION_TTL_MS),
      })
      .returning();
    await recordAudit(tx, actor, {
      brandId: invite.brandId,
      action: 'member.invited',
      target: { kind: 'member', id: null, label: invite.email },
      after: { email: invite.email, role: invite.role },
      at: invite.at,
    });
    return row;
  });
  return { invitation, token };
}

/** Withdraws a pending invitation; false when the brand has no such pending one. */
export async function revokeInvitation(
  db: Database,
  brandId: number,
  invitationId: number,
  at: Date,
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(brandInvitations)
      .set({ expiresAt: at })
      .where(
        and(
          eq(brandInvitations.id, invitationId),
          eq(brandInvitations.brandId, brandId),
          isNull(brandInvitations.acceptedAt),
          sql`${brandInvitations.expiresAt} > ${at.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!row) return false;
    await recordAudit(tx, actor, {
      brandId,
      action: 'member.invitation_revoked',
      target: { kind: 'member', id: null, label: row.email },
      before: { email: row.email, role: row.role },
      at,
    });
    return true;
  });
}

/**
 * Accepts the invitation of `token` for the signed-in user `userId` (whose email must be the
 * invited one): they become a member with the invited role and get the Brand Owner role, which
 * opens the brand area. The invitation is spent in the same transaction.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: number; email: string },
  at: Date,
  actor: AuditActor,
): Promise<AcceptResult> {
  return db.transaction(async (tx): Promise<AcceptResult> => {
    const [invitation] = await tx
      .select({ invitation: brandInvitations, brandName: brands.brandName })
      .from(brandInvitations)
      .innerJoin(brands, eq(brands.id, brandInvitations.brandId))
      .where(eq(brandInvitations.tokenHash, sha256(token)))
      .for('update', { of: brandInvitations });
    if (!invitation) return { ok: false, reason: 'unknown' };
    const { invitation: row, brandName } = invitation;
    if (row.acceptedAt) return { ok: false, reason: 'used' };
    if (row.expiresAt.getTime() <= at.getTime()) return { ok: false, reason: 'expired' };
    if (row.email !== user.email) return { ok: false, reason: 'wrong_account' };
    const inserted = await tx
      .insert(brandMembers)
      .values({ brandId: row.brandId, userId: user.id, role: row.role, joinedAt: at })
      .onConflictDoNothing()
      .returning({ userId: brandMembers.userId });
    if (inserted.length === 0) return { ok: false, reason: 'already_member' };
    await tx
      .update(brandInvitations)
      .set({ acceptedAt: at, acceptedBy: user.id })
      .where(eq(brandInvitations.id, row.id));
    await grantRole(tx, user.id, 'brand_owner');
    await recordAudit(tx, actor, {
      brandId: row.brandId,
      action: 'member.joined',
      target: { kind: 'member', id: user.id, label: user.email },
      after: { role: row.role },
      at,
    });
    return { ok: true, brandId: row.brandId, brandName, role: row.role };
  });
}

/**
 * What the invitation page shows for `token` (the brand, the inviter, the role, the invited
 * address and whether it can still be accepted), or null for an unknown token.
 */
export async function invitationDetails(
  db: Database,
  token: string,
  at: Date,
): Promise<InvitationDetailsReply | null> {
  const [row] = await db
    .select({
      invitation: brandInvitations,
      brandName: brands.brandName,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(brandInvitations)
    .innerJoin(brands, eq(brands.id, brandInvitations.brandId))
    .innerJoin(users, eq(users.id, brandInvitations.invitedBy))
    .where(eq(brandInvitations.tokenHash, sha256(token)));
  if (!row) return null;
  const { invitation } = row;
  const state = invitation.acceptedAt
    ? 'accepted'
    : invitation.expiresAt.getTime() <= at.getTime()
      ? 'expired'
      : 'pending';
  return {
    brand_name: row.brandName,
    // The name the email gave (the audit log's actor name): full name, else username.
    inviter: `${row.firstName} ${row.lastName}`.trim() || row.username,
    role: invitation.role,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    state,
  };
}

/** The invitation email: who invites, to which brand and role, and the link. */
export function invitationMail(input: {
  to: string;
  brandName: string;
  inviter: string;
  role: BrandRole;
  link: string;
}): MailMessage {
  const subject = `${input.inviter} invited you to ${input.brandName}`;
  const text =
    `${input.inviter} invited you to join ${input.brandName} as ${input.role} on ${PRODUCT_NAME}.\n\n` +
    `Accept the invitation (sign in, or sign up with this email address):\n${input.link}\n\n` +
    'The link works once, for 7 days. If you did not expect it, ignore this email.\n';
  const html =
    `<p>${escape(input.inviter)} invited you to join <strong>${escape(input.brandName)}</strong> as ${input.role} on ${PRODUCT_NAME}.</p>` +
    `<p><a href="${escape(input.link)}">Accept the invitation</a> (sign in, or sign up with this email address).</p>` +
    '<p>The link works once, for 7 days. If you did not expect it, ignore this email.</p>';
  return { to: input.to, subject, text, html };
}
