import type {
  EmailBody,
  RemoveRoleBody,
  RemoveRoleReply,
  StatusReply,
  UpdateUserBody,
  UpdateUserReply,
} from 'contract';
import {
  api,
  setActiveRole,
  setRoles,
  setUser,
  toClientRole,
  type StateWithAuth,
} from 'shared-api';

export type UpdateUserInput = UpdateUserBody;
export type RemoveRoleInput = RemoveRoleBody;

/**
 * The profile's own calls: editing the user record and removing a role. They keep the session's
 * user and role state in step with the reply, as the shared auth calls do.
 */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<UpdateUserReply, UpdateUserInput>({
      query: (body) => ({ url: 'user/update/', method: 'POST', body }),
      invalidatesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (reply) dispatch(setUser(reply.data.data));
      },
    }),
    removeRole: build.mutation<RemoveRoleReply, RemoveRoleInput>({
      query: (body) => ({ url: 'role/remove/', method: 'POST', body }),
      invalidatesTags: ['User', 'ActiveRole'],
      async onQueryStarted({ user_id }, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        // An admin removing someone else's role must not touch their own session.
        if (!reply || (getState() as unknown as StateWithAuth).auth.user?.id !== user_id) return;
        dispatch(setRoles(reply.data.roles));
        if (reply.data.active_role !== undefined) {
          dispatch(setActiveRole(toClientRole(reply.data.active_role)));
        }
      },
    }),
    /** Mails a new verification code to the account's email (the profile's 'Verify email'). */
    sendVerificationCode: build.mutation<StatusReply, EmailBody>({
      query: (body) => ({ url: 'auth/send-otp', method: 'POST', body }),
    }),
  }),
});

export const { useUpdateUserMutation, useRemoveRoleMutation, useSendVerificationCodeMutation } =
  userApi;
