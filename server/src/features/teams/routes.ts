// A brand's team: GET brand/{brandId}/members/, POST …/members/invite/, PATCH and DELETE
// …/members/{userId}/, DELETE …/invitations/{invitationId}/, PUT …/team-settings/ and
// POST invitations/accept/. Every change is audited in its own transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptInvitationBody,
  AcceptInvitationReply,
  BrandMembersReply,
  ChangeMemberRoleBody,
  InvitationParams,
  InviteMemberBody,
  InviteMemberReply,
  MemberParams,
  MemberReply,
  TeamSettingsBody,
  BrandIdParams,
} from 'contract';
import { and, eq } from 'drizzle-orm';
import { brandMembers, brands } from '../../db/schema.js';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { limitMail } from '../../lib/mail-limits.js';
import { signedInRoutes } from '../../lib/route.js';
import { StatusReply } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { recordAudit, userActor } from '../audit/index.js';
import { assertBrandAccess, brandRoute, manageableBrand } from '../access/index.js';
import { normalizeEmail } from '../users/index.js';
import {
  acceptInvitation,
  createInvitation,
  invitationMail,
  revokeInvitation,
} from './invitations.js';
import {
  findMember,
  listMembers,
  listPendingInvitations,
  lockBrand,
  ownerCount,
} from './repository.js';

export const LAST_OWNER = 'A brand needs at least one owner: make another member owner first';
export const MEMBER_NOT_FOUND = 'Member not found';
export const ALREADY_MEMBER = 'is already a member of this brand';
export const INVITATION_FAILURES = {
  unknown: 'This invitation link is not valid',
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation has already been used',
  wrong_account:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  already_member: 'You are already a member of this brand',
} as const;

const memberView = (m: { userId: number; username: string; email: string; role: string }) => ({
  user_id: m.userId,
  username: m.username,
  email: m.email,
  role: m.role as 'owner' | 'admin' | 'finance' | 'analyst',
});

const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.deps;
  const { signedIn } = signedInRoutes(app, 'team');

  app.get(
    '/brand/:brandId/members/',
    signedIn(
      "A brand's members and pending invitations (any member)",
      { 200: BrandMembersReply },
      { params: BrandIdParams, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.brandId, 'view');
      const [members, invitations] = await Promise.all([
        listMembers(db, brand.id),
        listPendingInvitations(db, brand.id, clock()),
      ]);
      return {
        members: members.map(memberView),
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          role: i.role,
          expires_at: i.expiresAt.toISOString(),
        })),
        require_two_factor: brand.requireTwoFactor,
      };
    },
  );

  app.post(
    '/brand/:brandId/members/invite/',
    signedIn(
      'Invite someone by email (owner)',
      { 201: InviteMemberReply },
      {
        params: BrandIdParams,
        body: InviteMemberBody,
        access: brandRoute('members'),
        errors: [429],
        description:
          'Mails a link carrying token=…, valid 7 days and once, to be accepted by the account with this address ' +
          '(after signing in or signing up) through invitations/accept/. ' +
          'Limited per recipient address (by default 5 a day, whoever invites), per inviter (30 an hour) and per brand ' +
          '(20 an hour): over a limit, 429 with Retry-After.',
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'members');
      const email = normalizeEmail(request.body.email);
      const members = await listMembers(db, brand.id);
      if (members.some((m) => m.email === email)) throw fieldError('email', ALREADY_MEMBER);
      await limitMail(app, request, reply, {
        kind: 'invite',
        to: email,
        brandId: brand.id,
        senderId: me.userId,
      });
      const { invitation, token } = await createInvitation(
        db,
        { brandId: brand.id, email, role: request.body.role, invitedBy: me.userId, at: clock() },
        userActor(request),
      );
      const link = `${config.publicUrl.replace(/\/$/, '')}/auth/invitation?token=${encodeURIComponent(token)}`;
      await app.deps.mailer.send(
        invitationMail({
          to: email,
          brandName: brand.brandName,
          inviter: userActor(request).name,
          role: request.body.role,
          link,
        }),
      );
      return reply.code(201).send({
        invitation: {
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expires_at: invitation.expiresAt.toISOString(),
        },
      });
    },
  );

  app.delete(
    '/brand/:brandId/invitations/:invitationId/',
    signedIn(
      'Withdraw a pending invitation (owner)',
      { 200: StatusReply },
      { params: InvitationParams, access: brandRoute('members') },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'members');
      const ok = await revokeInvitation(
        db,
        brand.id,
        request.params.invitationId,
        clock(),
        userActor(request),
      );
      if (!ok) throw notFound('Invitation not found');
      return { status: 'success' as const, message: 'Invitation withdrawn' };
    },
  );

  app.patch(
    '/brand/:brandId/members/:userId/',
    signedIn(
      "Change a member's role (owner); the brand keeps at least one owner",
      { 200: MemberReply },
      { params: MemberParams, body: ChangeMemberRoleBody, access: brandRoute('members') },
    ),
    async (request) => {
      const me = principalOf(request);
      const { brandId, userId } = request.params;
      await manageableBrand(db, me, brandId, 'members');
      const actor = userActor(request);
      const member = await db.transaction(async (tx) => {
        await lockBrand(tx, brandId);
        const current = await findMember(tx, brandId, userId);
        if (!current) throw notFound(MEMBER_NOT_FOUND);
        const role = request.body.role;
        if (current.role === role) return current;
        if (current.role === 'owner' && (await ownerCount(tx, brandId)) <= 1)
          throw fieldError('role', LAST_OWNER, LAST_OWNER);
        await tx
          .update(brandMembers)
          .set({ role })
          .where(and(eq(brandMembers.brandId, brandId), eq(brandMembers.userId, userId)));
        await recordAudit(tx, actor, {
          brandId,
          action: 'member.role_changed',
          target: { kind: 'member', id: userId, label: current.email },
          before: { role: current.role },
          after: { role },
          at: clock(),
        });
        return { ...current, role };
      });
      return { member: memberView(member) };
    },
  );

  app.delete(
    '/brand/:brandId/members/:userId/',
    signedIn(
      'Remove a member (owner), or leave the brand (yourself); the brand keeps at least one owner',
      { 200: StatusReply },
      {
        params: MemberParams,
        description:
          "The brand's API keys and webhooks belong to the brand: removing the member who made them does not stop them.",
        // Any member may leave; removing someone else takes `members` (checked below).
        access: brandRoute('view'),
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const { brandId, userId } = request.params;
      const leaving = userId === me.userId;
      // Anyone may leave (even where two-factor is required); removing others takes the owner role.
      if (leaving) {
        if (!me.isStaff && !me.memberships.some((m) => m.brandId === brandId))
          throw notFound('Brand not found');
      } else assertBrandAccess(me, brandId, 'members');
      const actor = userActor(request);
      await db.transaction(async (tx) => {
        await lockBrand(tx, brandId);
        const current = await findMember(tx, brandId, userId);
        if (!current) throw notFound(MEMBER_NOT_FOUND);
        if (current.role === 'owner' && (await ownerCount(tx, brandId)) <= 1)
          throw new HttpError(400, LAST_OWNER);
        await tx
          .delete(brandMembers)
          .where(and(eq(brandMembers.brandId, brandId), eq(brandMembers.userId, userId)));
        await recordAudit(tx, actor, {
          brandId,
          action: leaving ? 'member.left' : 'member.removed',
          target: { kind: 'member', id: userId, label: current.email },
          before: { role: current.role },
          after: null,
          at: clock(),
        });
      });
      return {
        status: 'success' as const,
        message: leaving ? 'You left the brand' : 'Member removed',
      };
    },
  );

  app.put(
    '/brand/:brandId/team-settings/',
    signedIn(
      'Require two-factor sign-in of every member (owner)',
      { 200: TeamSettingsBody },
      { params: BrandIdParams, body: TeamSettingsBody, access: brandRoute('members') },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'members');
      const required = request.body.require_two_factor;
      if (required && !me.isStaff && !me.twoFactorEnabled)
        throw fieldError(
          'require_two_factor',
          'turn on two-factor sign-in for yourself first',
          'Turn on two-factor sign-in for yourself first',
        );
      if (brand.requireTwoFactor !== required) {
        const actor = userActor(request);
        await db.transaction(async (tx) => {
          await tx
            .update(brands)
            .set({ requireTwoFactor: required })
            .where(eq(brands.id, brand.id));
          await recordAudit(tx, actor, {
            brandId: brand.id,
            action: 'brand.two_factor_requirement_changed',
            target: { kind: 'brand', id: brand.id, label: brand.brandName },
            before: { require_two_factor: brand.requireTwoFactor },
            after: { require_two_factor: required },
            at: clock(),
          });
        });
      }
      return { require_two_factor: required };
    },
  );

  app.post(
    '/invitations/accept/',
    signedIn(
      'Accept a brand invitation as the invited account',
      { 200: AcceptInvitationReply },
      {
        body: AcceptInvitationBody,
        description:
          'The brand then appears in user/me/ brand_ids (and brand_roles), and the account holds Brand Owner, which opens the brand area.',
        errors: [403, 404],
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const result = await acceptInvitation(
        db,
        request.body.token,
        { id: me.userId, email: me.user.email },
        clock(),
        userActor(request),
      );
      if (!result.ok) {
        const detail = INVITATION_FAILURES[result.reason];
        if (result.reason === 'unknown') throw notFound(detail);
        if (result.reason === 'wrong_account') throw forbidden(detail);
        throw fieldError('token', detail, detail);
      }
      return { brand_id: result.brandId, brand_name: result.brandName, role: result.role };
    },
  );
};

export default teamRoutes;
