// Removing an advocate from a brand (issue 36): remove, ban, restore, and the brand's list of
// removed advocates. The choices, limit and the banned message are plain values in rules.ts.
import { Type, type Static } from 'typebox';
import { NonBlankString, Nullable, RowId } from './common.js';
import { DateTime, SuccessReply } from './replies.js';
import { PENDING_CHOICES, REMOVAL_REASON_MAX, REMOVAL_STATUSES } from './rules.js';

export const BrandAdvocateParams = Type.Object({ brandId: RowId, advocateId: RowId });
export type BrandAdvocateParams = Static<typeof BrandAdvocateParams>;

/** POST …/advocates/{advocateId}/remove/ and …/ban/. */
export const AdvocateRemovalBody = Type.Object(
  {
    reason: NonBlankString(REMOVAL_REASON_MAX),
    pending: Type.Enum(PENDING_CHOICES, {
      description:
        'The rewards still pending or held for review: keep them (they are approved or rejected as ' +
        'usual) or reject them now. Approved and paid rewards are never changed.',
    }),
  },
  { additionalProperties: false },
);
export type AdvocateRemovalBody = Static<typeof AdvocateRemovalBody>;

export const AdvocateRemovalView = Type.Object({
  brand_id: Type.Integer(),
  advocate: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
  status: Type.Enum(REMOVAL_STATUSES),
  reason: Type.String(),
  pending: Type.Enum(PENDING_CHOICES),
  /** The campaigns they were in when removed (a restore puts them back). */
  campaigns: Type.Array(Type.Object({ campaign_id: Type.Integer(), title: Nullable(Type.String()) })),
  removed_by: Nullable(Type.String({ description: 'Who removed them, as named then' })),
  removed_at: DateTime(),
});
export type AdvocateRemovalView = Static<typeof AdvocateRemovalView>;

export const AdvocateRemovalReply = SuccessReply({
  removal: AdvocateRemovalView,
  /** How many pending rewards were rejected (0 when they were kept). */
  rejected_rewards: Type.Integer(),
});
export type AdvocateRemovalReply = Static<typeof AdvocateRemovalReply>;

/** GET …/advocates/removed/: the brand's removed and banned advocates, latest first. */
export const AdvocateRemovalsReply = SuccessReply({ data: Type.Array(AdvocateRemovalView) });
export type AdvocateRemovalsReply = Static<typeof AdvocateRemovalsReply>;

export const AdvocateRestoreReply = SuccessReply({
  advocate_id: Type.Integer(),
  /** The campaigns they are back in. */
  campaigns: Type.Integer(),
});
export type AdvocateRestoreReply = Static<typeof AdvocateRestoreReply>;
