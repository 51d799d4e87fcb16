import { api } from '../api/api';
import type { AuthExtraOptions } from '../api/baseQuery';
import type {
  ActiveRoleReply,
  DeleteUserBody,
  DeleteUserReply,
  LoginBody,
  LoginReply,
  MeReply,
  MfaLoginBody,
  TokenReply,
  RefreshReply,
  RegisterBody,
  RegisterReply as ContractRegisterReply,
  SetActiveRoleBody,
  StatusReply,
  UpgradeReply,
  UserView,
} from 'contract';
import type { ApiRole } from '../types/roles';
import {
  setActiveRole as setActiveRoleLocally,
  setRoles,
  setUser,
  type StateWithAuth,
} from './authSlice';
import { toClientRole } from './roles';

// ---- Payloads and replies of the auth and user calls: the server's contract types ----

export type {
  ActiveRoleReply,
  DeleteUserReply,
  LoginReply,
  MfaChallengeReply,
  StatusReply,
  TokenReply,
  UpgradeReply,
} from 'contract';

export type Credentials = LoginBody;
export type RegisterInput = RegisterBody;
/** A reply without a token sends the client down the refresh-then-login fallback. */
export type RegisterReply = Partial<ContractRegisterReply>;
export type DeleteUserInput = DeleteUserBody;
/** The client sets its active role by code. */
export interface ActiveRoleInput extends SetActiveRoleBody {
  role: ApiRole;
}

// ---- Endpoints ----

/** Public calls: a 401 from them means bad input, not an expired session. */
const skipAuthRefresh: AuthExtraOptions = { skipAuthRefresh: true };

// injectEndpoints types getState with the api slice alone; the auth slice sits beside it in the
// one store that shared-api creates.
const authOf = (getState: () => unknown) => (getState() as StateWithAuth).auth;

/**
 * The core auth and user calls. The hooks are thin: signing in, registering and signing out
 * also manage the token, cookie and cache, so screens use the thunks of session.ts for those.
 * What the endpoints do keep in step themselves is the user record and the role state, so a
 * refetch or a role change from any screen is reflected in the header and guards.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A session, or (two-factor on) the challenge loginSecondFactor answers. */
    login: build.mutation<TokenReply, Credentials>({
      query: (body) => ({ url: 'token/', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
    }),
    loginSecondFactor: build.mutation<LoginReply, MfaLoginBody>({
      query: (body) => ({ url: 'token/2fa/', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
    }),
    register: build.mutation<RegisterReply, RegisterInput>({
      query: (body) => ({ url: 'user/register/', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
    }),
    refresh: build.mutation<RefreshReply, void>({
      query: () => ({ url: 'token/refresh/', method: 'POST', body: {} }),
      extraOptions: skipAuthRefresh,
    }),
    logout: build.mutation<Partial<StatusReply>, void>({
      query: () => ({ url: 'token/logout/', method: 'POST', body: {} }),
      extraOptions: skipAuthRefresh,
    }),

    getMe: build.query<UserView, void>({
      query: () => 'user/me/',
      transformResponse: (reply: MeReply) => reply.data,
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // A reply that lands after sign-out must not resurrect the user.
        if (data && authOf(getState).token !== null) dispatch(setUser(data));
      },
    }),
    deleteUser: build.mutation<DeleteUserReply, DeleteUserInput>({
      query: (body) => ({ url: 'user/delete/', method: 'POST', body }),
    }),

    getActiveRole: build.query<ActiveRoleReply, void>({
      query: () => 'user/active-role/',
      providesTags: ['ActiveRole'],
    }),
    setActiveRole: build.mutation<ActiveRoleReply, ActiveRoleInput>({
      query: (body) => ({ url: 'user/active-role/', method: 'POST', body }),
      invalidatesTags: ['ActiveRole'],
      // Optimistic: the role changes locally at once and is restored if the server
      // refuses, unless the user has switched again in the meantime.
      async onQueryStarted({ role }, { dispatch, getState, queryFulfilled }) {
        const previous = authOf(getState).activeRole;
        const optimistic = toClientRole(role);
        dispatch(setActiveRoleLocally(optimistic));
        try {
          const { data } = await queryFulfilled;
          dispatch(setRoles(data.roles));
          const confirmed = toClientRole(data.active_role);
          if (confirmed) dispatch(setActiveRoleLocally(confirmed));
        } catch {
          if (authOf(getState).activeRole === optimistic) dispatch(setActiveRoleLocally(previous));
        }
      },
    }),
    upgradeToAdvocate: build.mutation<UpgradeReply, void>({
      query: () => ({ url: 'roles/upgrade/advocate/', method: 'POST' }),
      invalidatesTags: ['User', 'ActiveRole'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        dispatch(setRoles(reply.data.roles));
        const active = toClientRole(reply.data.active_role);
        if (active) dispatch(setActiveRoleLocally(active));
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useRefreshMutation,
  useLogoutMutation,
  useGetMeQuery,
  useLazyGetMeQuery,
  useDeleteUserMutation,
  useGetActiveRoleQuery,
  useLazyGetActiveRoleQuery,
  useSetActiveRoleMutation,
  useUpgradeToAdvocateMutation,
} = authApi;
