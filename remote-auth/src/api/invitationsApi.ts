/**
 * The invitation page's calls: what an invitation link is (GET invitations/details/, no sign-in)
 * and accepting it (POST invitations/accept/).
 */
import type { AcceptInvitationBody, AcceptInvitationReply, InvitationDetailsReply } from 'contract';
import { api, authApi } from 'shared-api';

export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    invitationDetails: build.query<InvitationDetailsReply, string>({
      query: (token) => ({ url: 'invitations/details/', params: { token } }),
    }),
    acceptInvitation: build.mutation<AcceptInvitationReply, AcceptInvitationBody>({
      query: (body) => ({ url: 'invitations/accept/', method: 'POST', body }),
      // The new brand is in user/me/'s brand_ids, and the account now holds Brand Owner.
      invalidatesTags: ['User', 'ActiveRole'],
      // Nothing keeps user/me/ subscribed, so the tag alone refetches nothing: the header would
      // show the old role on the new brand until a reload. Load the user (getMe writes it into
      // the session) before the page moves on to the brand.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true).catch(() => false))) return;
        await dispatch(
          authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }),
        );
      },
    }),
  }),
});

export const { useAcceptInvitationMutation, useInvitationDetailsQuery } = invitationsApi;
