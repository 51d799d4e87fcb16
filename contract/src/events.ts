// Business events: what the product announces when money or membership changes. Each is written
// to the outbox in the same transaction as the change it describes (server features/events), and
// leaves through webhooks, emails and in-app notifications. The `data` of each type is part of the
// public contract: webhook receivers parse it.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { GROUP_MOVE_HOWS } from './groups.js';
import { DateTime } from './replies.js';
import {
  APPLICATION_STATUSES,
  CONVERSION_STATUSES,
  CREDENTIAL_KINDS,
  EVENT_TYPES,
  PAYOUT_METHOD_TYPES,
  PAYOUT_STATUSES,
  REWARD_STATUSES,
} from './rules.js';

export const BUSINESS_EVENT_TYPES = [
  'conversion.created',
  'conversion.refunded',
  'commission.approved',
  'commission.rejected',
  'commission.reopened',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'advocate.joined',
  'application.created',
  'application.approved',
  'application.rejected',
  'advocate.invited',
  'advocate.removed',
  'advocate.banned',
  'advocate.restored',
  'brand.updated',
  'advocate.group_changed',
] as const;
export type BusinessEventType = (typeof BUSINESS_EVENT_TYPES)[number];

/** Sent only by a brand's "Send test" on a webhook; never produced by a business change. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const Currency = Type.String({ pattern: '^[A-Z]{3}$' });
const Amount = Type.Number({ description: 'Exact to the smallest unit of its currency' });
const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v)));

export const EventAdvocate = Type.Object({ id: Type.Integer(), username: Type.String() });
export const EventCampaign = Type.Object({ id: Type.Integer(), title: Type.String() });

/** A conversion and the reward it earned, as events describe them. */
export const CommissionEventData = Type.Object({
  brand_id: Type.Integer(),
  advocate: EventAdvocate,
  campaign: EventCampaign,
  conversion: Type.Object({
    id: Type.Integer(),
    /** The brand's own order or event reference (conversionRef). */
    reference: Type.String(),
    event_type: literals(EVENT_TYPES),
    value: Amount,
    currency: Currency,
    status: literals(CONVERSION_STATUSES),
    reported_with: literals(CREDENTIAL_KINDS),
    created_at: DateTime(),
  }),
  reward: Type.Object({
    amount: Amount,
    currency: Currency,
    status: literals(REWARD_STATUSES),
  }),
  /** Why the reward moved (review reason, hold ended, refund note); null when it did not move. */
  reason: Nullable(Type.String()),
});
export type CommissionEventData = Static<typeof CommissionEventData>;

export const PayoutEventData = Type.Object({
  brand_id: Type.Integer(),
  advocate: EventAdvocate,
  payout: Type.Object({
    id: Type.Integer(),
    amount: Amount,
    currency: Currency,
    status: literals(PAYOUT_STATUSES),
    method: literals(PAYOUT_METHOD_TYPES),
    created_at: DateTime(),
    failure_reason: Nullable(Type.String()),
  }),
});
export type PayoutEventData = Static<typeof PayoutEventData>;

export const JoinEventData = Type.Object({
  brand_id: Type.Integer(),
  advocate: EventAdvocate,
  campaign: EventCampaign,
  joined_at: DateTime(),
});
export type JoinEventData = Static<typeof JoinEventData>;

/** An application to join a campaign: made, approved (by hand or automatically) or rejected. */
export const ApplicationEventData = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  advocate: EventAdvocate,
  campaign: EventCampaign,
  application: Type.Object({
    id: Type.Integer(),
    status: Type.Enum(APPLICATION_STATUSES),
    /** The brand's reason for a rejection. */
    reason: Nullable(Type.String()),
    auto_approved: Type.Boolean(),
  }),
  at: DateTime(),
});
export type ApplicationEventData = Static<typeof ApplicationEventData>;

/** The brand mailed invitations to one of its campaigns (bulk invite): how many. */
export const InvitedEventData = Type.Object({
  brand_id: Type.Integer(),
  campaign: EventCampaign,
  invited: Type.Integer(),
  at: DateTime(),
});
export type InvitedEventData = Static<typeof InvitedEventData>;

/** An advocate removed or banned from a brand, or restored (issue 36). */
export const AdvocateMembershipEventData = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  advocate: EventAdvocate,
  /** The reason the brand gave (a restore has none). */
  reason: Nullable(Type.String()),
  /** Removal and ban: whether pending rewards were kept or rejected. */
  pending: Nullable(literals(['keep', 'reject'] as const)),
  /** The campaigns of the brand they left (removal, ban) or are back in (restore). */
  campaign_ids: Type.Array(Type.Integer()),
  at: DateTime(),
});
export type AdvocateMembershipEventData = Static<typeof AdvocateMembershipEventData>;

/** A brand's details edited (PATCH brand/{id}/): which fields changed, and the name it has now. */
export const BrandUpdatedEventData = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  slug: Nullable(Type.String()),
  changed: Type.Array(Type.String()),
});
export type BrandUpdatedEventData = Static<typeof BrandUpdatedEventData>;

/** An advocate moved to another of the brand's groups (tiers): by hand, automatically or as their group was deleted. */
export const GroupChangedEventData = Type.Object({
  brand_id: Type.Integer(),
  advocate: EventAdvocate,
  group: Type.Object({ id: Type.Integer(), name: Type.String() }),
  previous_group: Type.Object({ id: Type.Integer(), name: Type.String() }),
  how: Type.Enum(GROUP_MOVE_HOWS),
  moved_at: DateTime(),
});
export type GroupChangedEventData = Static<typeof GroupChangedEventData>;

/** Each event type's data. */
export interface BusinessEventDataMap {
  'conversion.created': CommissionEventData;
  'conversion.refunded': CommissionEventData;
  'commission.approved': CommissionEventData;
  'commission.rejected': CommissionEventData;
  'commission.reopened': CommissionEventData;
  'payout.created': PayoutEventData;
  'payout.paid': PayoutEventData;
  'payout.failed': PayoutEventData;
  'advocate.joined': JoinEventData;
  'application.created': ApplicationEventData;
  'application.approved': ApplicationEventData;
  'application.rejected': ApplicationEventData;
  'advocate.invited': InvitedEventData;
  'advocate.removed': AdvocateMembershipEventData;
  'advocate.banned': AdvocateMembershipEventData;
  'advocate.restored': AdvocateMembershipEventData;
  'brand.updated': BrandUpdatedEventData;
  'advocate.group_changed': GroupChangedEventData;
}

/** The body every webhook delivery carries (Standard Webhooks: `{ type, timestamp, data }`). */
export const WebhookPayload = Type.Object({
  type: Type.String(),
  timestamp: DateTime(),
  data: Type.Union([
    CommissionEventData,
    PayoutEventData,
    JoinEventData,
    ApplicationEventData,
    InvitedEventData,
    GroupChangedEventData,
    AdvocateMembershipEventData,
    BrandUpdatedEventData,
    Type.Object({}),
  ]),
});
export type WebhookPayload = Static<typeof WebhookPayload>;
