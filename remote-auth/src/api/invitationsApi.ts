/**
 * The invitation page's calls: what an invitation link is (GET invitations/details/, no sign-in)
 * and accepting it (POST invitations/accept/).
 */
import type { AcceptInvitationBody, AcceptInvitationReply, InvitationDetailsReply } from 'contract';
import { api } from 'shared-api';

export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    invitationDetails: build.query<InvitationDetailsReply, string>({
      query: (token) => ({ url: 'invitations/details/', params: { token } }),
    }),
    acceptInvitation: build.mutation<AcceptInvitationReply, AcceptInvitationBody>({
      query: (body) => ({ url: 'invitations/accept/', method: 'POST', body }),
      // The new brand is in user/me/'s brand_ids, and the account now holds Brand Owner.
      invalidatesTags: ['User', 'ActiveRole'],
    }),
  }),
});

export const { useAcceptInvitationMutation, useInvitationDetailsQuery } = invitationsApi;
