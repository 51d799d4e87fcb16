// Brand teams (members, invitations), the audit log and two-factor sign-in: requests and replies.
// The roles and what each may do are plain values in teams.ts (the screens import them too).
import { Type, type Static } from 'typebox';
import { LoginReply } from './auth.js';
import { Email, LoginPassword, Nullable, RowId } from './common.js';
import { PageMeta } from './analytics.js';
import { DateTime, NullableString } from './replies.js';
import { InvitationToken } from './invitations.js';
import { LIMITS } from './rules.js';
import { AUDIT_ACTOR_KINDS, AUDIT_TARGETS, BRAND_ROLES } from './teams.js';

export const BrandRoleValue = Type.Enum(BRAND_ROLES, {
  description:
    'owner: everything; admin: all but members; finance: review, payouts, statistics; analyst: read-only',
});

export const BrandMemberView = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  role: BrandRoleValue,
});
export type BrandMemberView = Static<typeof BrandMemberView>;

export const BrandInvitationView = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: BrandRoleValue,
  expires_at: DateTime(),
});
export type BrandInvitationView = Static<typeof BrandInvitationView>;

export const BrandMembersReply = Type.Object({
  members: Type.Array(BrandMemberView),
  invitations: Type.Array(BrandInvitationView, {
    description: 'Pending (not accepted, not expired)',
  }),
  require_two_factor: Type.Boolean({
    description: 'Members must sign in with two-factor to open the brand',
  }),
});
export type BrandMembersReply = Static<typeof BrandMembersReply>;

export const InviteMemberBody = Type.Object({ email: Email, role: BrandRoleValue });
export type InviteMemberBody = Static<typeof InviteMemberBody>;

export const InviteMemberReply = Type.Object({ invitation: BrandInvitationView });
export type InviteMemberReply = Static<typeof InviteMemberReply>;

export const ChangeMemberRoleBody = Type.Object({ role: BrandRoleValue });
export type ChangeMemberRoleBody = Static<typeof ChangeMemberRoleBody>;

export const MemberReply = Type.Object({ member: BrandMemberView });
export type MemberReply = Static<typeof MemberReply>;

export const MemberParams = Type.Object({ brandId: RowId, userId: RowId });

export const InvitationParams = Type.Object({ brandId: RowId, invitationId: RowId });

export const AcceptInvitationBody = InvitationToken;
export type AcceptInvitationBody = InvitationToken;

export const AcceptInvitationReply = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  role: BrandRoleValue,
});
export type AcceptInvitationReply = Static<typeof AcceptInvitationReply>;

export const TeamSettingsBody = Type.Object({ require_two_factor: Type.Boolean() });
export type TeamSettingsBody = Static<typeof TeamSettingsBody>;

/** One brand the user is a member of, with their role (user/me/'s brand_roles). */
export const BrandMembership = Type.Object({
  brand_id: Type.Integer(),
  role: BrandRoleValue,
  two_factor_required: Type.Boolean({
    description: 'The brand requires two-factor sign-in and this user has none yet',
  }),
});
export type BrandMembership = Static<typeof BrandMembership>;

// ---- Audit log ----

export const AuditActor = Type.Object({
  kind: Type.Enum(AUDIT_ACTOR_KINDS),
  id: Type.Union([Type.Integer(), Type.Null()], { description: 'User id or API key id' }),
  name: Type.String({ description: "The user's name, or the API key's prefix" }),
});

export const AuditTargetView = Type.Object({
  kind: Type.Enum(AUDIT_TARGETS),
  id: NullableString,
  label: NullableString,
});

/** Field name → value: the rule and money fields of an entry's before and after. */
const FieldValues = Type.Unsafe<Record<string, unknown>>(
  Type.Object({}, { additionalProperties: true }),
);

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: DateTime(),
  actor: AuditActor,
  action: Type.String({
    description: "e.g. 'campaign.updated', 'review.approved', 'payout.created'",
  }),
  target: AuditTargetView,
  before: Nullable(FieldValues),
  after: Nullable(FieldValues),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLogQuery = Type.Object({
  actor_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: LIMITS.idMax, description: 'A member (user id)' }),
  ),
  action: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "An action ('payout.created') or a kind ('payout')",
    }),
  ),
  since: Type.Optional(DateTime({ description: 'From this instant, included' })),
  until: Type.Optional(DateTime({ description: 'Up to this instant, excluded' })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogReply = Type.Object({ results: Type.Array(AuditEntry), meta: PageMeta });
export type AuditLogReply = Static<typeof AuditLogReply>;

// ---- Two-factor sign-in ----

export const TwoFactorSetupReply = Type.Object({
  secret: Type.String({ description: 'The TOTP secret in base32, as authenticator apps take it' }),
  otpauth_url: Type.String({ description: 'otpauth://totp/… for a QR code' }),
});
export type TwoFactorSetupReply = Static<typeof TwoFactorSetupReply>;

/**
 * Turning two-factor on or off, and new recovery codes, take the account's password besides a
 * code: an access token alone (a stolen one) cannot switch the second factor to another device.
 */
export const TwoFactorConfirmBody = Type.Object({
  password: LoginPassword,
  code: Type.String({
    minLength: 6,
    maxLength: 32,
    description:
      'A 6-digit code from the authenticator app (disable/ and recovery-codes/: or a recovery code)',
  }),
});
export type TwoFactorConfirmBody = Static<typeof TwoFactorConfirmBody>;

export const TwoFactorEnableReply = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    description: 'Ten single-use codes, shown this once',
  }),
});
export type TwoFactorEnableReply = Static<typeof TwoFactorEnableReply>;

export const TwoFactorStatusReply = Type.Object({
  enabled: Type.Boolean(),
  recovery_codes_remaining: Type.Integer({
    minimum: 0,
    description: 'Recovery codes not used yet (0 while two-factor is off)',
  }),
});
export type TwoFactorStatusReply = Static<typeof TwoFactorStatusReply>;

export const MfaChallengeReply = Type.Object({
  mfa_required: Type.Literal(true),
  mfa_token: Type.String({ description: 'Send with a code to token/2fa/ within 5 minutes' }),
});
export type MfaChallengeReply = Static<typeof MfaChallengeReply>;

export const MfaLoginBody = Type.Object({
  mfa_token: Type.String({ minLength: 1, maxLength: 2048 }),
  code: Type.String({
    minLength: 6,
    maxLength: 32,
    description: 'A 6-digit code from the authenticator app, or a recovery code',
  }),
});
export type MfaLoginBody = Static<typeof MfaLoginBody>;

/** POST token/: a session, or (two-factor on) the challenge token/2fa/ answers with a session. */
export const TokenReply = Type.Union([LoginReply, MfaChallengeReply]);
export type TokenReply = Static<typeof TokenReply>;
