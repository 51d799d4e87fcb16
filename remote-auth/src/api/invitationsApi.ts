/** Accepting a brand invitation (POST invitations/accept/), the one team call the auth screens make. */
import type { AcceptInvitationBody, AcceptInvitationReply } from 'contract';
import { api } from 'shared-api';

export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptInvitation: build.mutation<AcceptInvitationReply, AcceptInvitationBody>({
      query: (body) => ({ url: 'invitations/accept/', method: 'POST', body }),
      // The new brand is in user/me/'s brand_ids, and the account now holds Brand Owner.
      invalidatesTags: ['User', 'ActiveRole'],
    }),
  }),
});

export const { useAcceptInvitationMutation } = invitationsApi;
