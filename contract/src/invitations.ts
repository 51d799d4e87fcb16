// What the invitation page shows before anyone signs in: the brand, who invited, the role and
// the invited address. The emailed token is the only key (a random 256-bit value), and the reply
// says no more than the email itself did.
import { Type, type Static } from 'typebox';
import { DateTime } from './replies.js';
import { BRAND_ROLES } from './teams.js';

/** The emailed link's token: what reads an invitation (details/) and what accepts it (accept/). */
export const InvitationToken = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'The token=… of the emailed link',
  }),
});
export type InvitationToken = Static<typeof InvitationToken>;

export const InvitationDetailsQuery = InvitationToken;
export type InvitationDetailsQuery = InvitationToken;

export const INVITATION_STATES = ['pending', 'expired', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const InvitationDetailsReply = Type.Object({
  brand_name: Type.String(),
  inviter: Type.String({ description: 'The inviting member’s name or username' }),
  role: Type.Enum(BRAND_ROLES),
  email: Type.String({ description: 'The invited address (sign up or sign in with it)' }),
  expires_at: DateTime(),
  state: Type.Enum(INVITATION_STATES, {
    description: 'pending: can be accepted; expired or withdrawn; accepted: used already',
  }),
});
export type InvitationDetailsReply = Static<typeof InvitationDetailsReply>;
