// A brand's partner program (issue 36): its public program page, applications to join its
// campaigns, and the brand's bulk invitations of advocates.
import { Type, type Static } from 'typebox';
import { Email, NonBlankString, Nullable, RowId } from './common.js';
import { ApplicationAnswers, ApplicationQuestions, BrandSlug } from './brands.js';
import { CommissionTypeValue, EventRewards, JoinModeValue } from './campaigns.js';
import { DateTime, NullableString } from './replies.js';
import { ShareLinkView } from './joins.js';
import { APPLICATION_STATUSES, LIMITS } from './rules.js';

export const ApplicationStatusValue = Type.Enum(APPLICATION_STATUSES);

/** What may be wrong with an applicant, as the brand's screen shows it beside the answers. */
export const APPLICATION_SIGNALS = [
  'unverified_email',
  'disposable_email',
  'self_referral',
] as const;
export type ApplicationSignal = (typeof APPLICATION_SIGNALS)[number];

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64 }) });
export type SlugParams = Static<typeof SlugParams>;

/** One open campaign on the program page, and what it pays. */
export const ProgramCampaign = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: NullableString,
  category: NullableString,
  join_mode: JoinModeValue,
  commission_type: CommissionTypeValue,
  commission_value: Type.Number(),
  event_rewards: EventRewards,
  /** '10% of each sale', '5.00 per sale' (contract rules' payText). */
  pays: Type.String(),
});
export type ProgramCampaign = Static<typeof ProgramCampaign>;

/** GET programs/{slug}/: the public program page (no sign-in). */
export const ProgramPageReply = Type.Object({
  brand: Type.Object({
    name: Type.String(),
    slug: BrandSlug,
    description: NullableString,
    website_url: NullableString,
    logo: Nullable(Type.String({ description: 'URL of the logo' })),
  }),
  questions: ApplicationQuestions,
  campaigns: Type.Array(ProgramCampaign),
});
export type ProgramPageReply = Static<typeof ProgramPageReply>;

/** POST programs/{slug}/apply/: the signed-in visitor applies to one of the brand's campaigns. */
export const ApplyBody = Type.Object({
  campaign_id: RowId,
  answers: Type.Optional(ApplicationAnswers),
});
export type ApplyBody = Static<typeof ApplyBody>;

/**
 * The outcome of applying or joining: pending (the brand decides), approved (joined; the share
 * links), or rejected (with the brand's reason).
 */
export const ApplyReply = Type.Object({
  status: ApplicationStatusValue,
  application_id: Nullable(Type.Integer()),
  reason: NullableString,
  share_links: Type.Array(ShareLinkView),
});
export type ApplyReply = Static<typeof ApplyReply>;

/** POST join-campaign/ on a campaign whose join_mode is application: 202 while it waits. */
export const JoinPendingReply = Type.Object({
  status: Type.Literal('pending'),
  application_id: Type.Integer(),
});
export type JoinPendingReply = Static<typeof JoinPendingReply>;

export const ApplicationView = Type.Object({
  id: Type.Integer(),
  campaign: Type.Object({ id: Type.Integer(), title: Type.String() }),
  advocate: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    email_verified: Type.Boolean(),
  }),
  status: ApplicationStatusValue,
  /** Each of the brand's questions as it read when answered, with the answer. */
  answers: Type.Array(
    Type.Object({ question_id: Type.String(), label: Type.String(), answer: Type.String() }),
  ),
  fraud_signals: Type.Array(Type.Enum(APPLICATION_SIGNALS)),
  reason: NullableString,
  group_id: Nullable(Type.Integer()),
  auto_approved: Type.Boolean(),
  created_at: DateTime(),
  decided_at: Nullable(DateTime()),
});
export type ApplicationView = Static<typeof ApplicationView>;

export const ApplicationsQuery = Type.Object({
  status: Type.Optional(ApplicationStatusValue),
});
export type ApplicationsQuery = Static<typeof ApplicationsQuery>;

export const ApplicationsReply = Type.Object({ applications: Type.Array(ApplicationView) });
export type ApplicationsReply = Static<typeof ApplicationsReply>;

export const ApplicationParams = Type.Object({ brandId: RowId, applicationId: RowId });
export type ApplicationParams = Static<typeof ApplicationParams>;

export const ApproveApplicationBody = Type.Object({
  group_id: Type.Optional(RowId),
});
export type ApproveApplicationBody = Static<typeof ApproveApplicationBody>;

export const RejectApplicationBody = Type.Object({
  reason: NonBlankString(LIMITS.rejectReasonMax),
});
export type RejectApplicationBody = Static<typeof RejectApplicationBody>;

export const ApplicationReply = Type.Object({ application: ApplicationView });
export type ApplicationReply = Static<typeof ApplicationReply>;

/** The advocate's own applications (their campaigns' pending, approved and rejected states). */
export const MyApplication = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  brand_id: Type.Integer(),
  status: ApplicationStatusValue,
  reason: NullableString,
  created_at: DateTime(),
});
export type MyApplication = Static<typeof MyApplication>;
export const MyApplicationsReply = Type.Object({ applications: Type.Array(MyApplication) });
export type MyApplicationsReply = Static<typeof MyApplicationsReply>;

/** POST brand/{brandId}/advocate-invitations/: up to 500 addresses to one campaign. */
export const AdvocateInvitationsBody = Type.Object({
  campaign_id: RowId,
  emails: Type.Array(Email, {
    minItems: 1,
    maxItems: LIMITS.advocateInvitationsMax,
    description: `1 to ${LIMITS.advocateInvitationsMax} addresses; repeats are sent once`,
  }),
});
export type AdvocateInvitationsBody = Static<typeof AdvocateInvitationsBody>;

export const ADVOCATE_INVITE_SKIPS = ['already_joined', 'rate_limited'] as const;
export const AdvocateInvitationsReply = Type.Object({
  /** The addresses mailed. */
  invited: Type.Array(Type.String()),
  /** The addresses not mailed, and why. */
  skipped: Type.Array(
    Type.Object({ email: Type.String(), reason: Type.Enum(ADVOCATE_INVITE_SKIPS) }),
  ),
});
export type AdvocateInvitationsReply = Static<typeof AdvocateInvitationsReply>;

/** GET advocate-invitations/{token}/ (no sign-in): what the invitation page shows. */
export const AdvocateInvitationDetailsReply = Type.Object({
  brand_name: Type.String(),
  campaign: Type.Object({ id: Type.Integer(), title: Type.String() }),
  email: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('expired')]),
});
export type AdvocateInvitationDetailsReply = Static<typeof AdvocateInvitationDetailsReply>;

export const AcceptAdvocateInvitationBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AcceptAdvocateInvitationBody = Static<typeof AcceptAdvocateInvitationBody>;

export const AcceptAdvocateInvitationReply = Type.Object({
  campaign_id: Type.Integer(),
  share_links: Type.Array(ShareLinkView),
});
export type AcceptAdvocateInvitationReply = Static<typeof AcceptAdvocateInvitationReply>;
