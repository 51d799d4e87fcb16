// A brand's team: members, invitations, roles and the two-factor requirement. Only the brand
// workspace uses these, so the endpoints live here, injected into the one api slice.
import type {
  BrandMembersReply,
  InviteMemberReply,
  MemberReply,
  StatusReply,
  TeamSettingsBody,
} from 'contract';
import type { BrandRole } from 'contract/teams';
import { api } from 'shared-api';

const teamTag = (brandId: number) => ({ type: 'Team', id: `brand-${brandId}` }) as const;
const auditTag = (brandId: number) => ({ type: 'AuditLog', id: `brand-${brandId}` }) as const;
/** A team change shows in the team, in the audit log, and (for oneself) in user/me/'s roles. */
const changed = (brandId: number) => [teamTag(brandId), auditTag(brandId), 'User' as const];

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<BrandMembersReply, number>({
      query: (brandId) => `brand/${brandId}/members/`,
      providesTags: (_reply, _error, brandId) => [teamTag(brandId)],
    }),
    inviteMember: build.mutation<
      InviteMemberReply,
      { brandId: number; email: string; role: BrandRole }
    >({
      query: ({ brandId, ...body }) => ({
        url: `brand/${brandId}/members/invite/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_reply, _error, { brandId }) => changed(brandId),
    }),
    changeMemberRole: build.mutation<
      MemberReply,
      { brandId: number; userId: number; role: BrandRole }
    >({
      query: ({ brandId, userId, role }) => ({
        url: `brand/${brandId}/members/${userId}/`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (_reply, _error, { brandId }) => changed(brandId),
    }),
    removeMember: build.mutation<StatusReply, { brandId: number; userId: number }>({
      query: ({ brandId, userId }) => ({
        url: `brand/${brandId}/members/${userId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_reply, _error, { brandId }) => changed(brandId),
    }),
    revokeInvitation: build.mutation<StatusReply, { brandId: number; invitationId: number }>({
      query: ({ brandId, invitationId }) => ({
        url: `brand/${brandId}/invitations/${invitationId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_reply, _error, { brandId }) => changed(brandId),
    }),
    saveTeamSettings: build.mutation<TeamSettingsBody, TeamSettingsBody & { brandId: number }>({
      query: ({ brandId, ...body }) => ({
        url: `brand/${brandId}/team-settings/`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_reply, _error, { brandId }) => changed(brandId),
    }),
  }),
});

export const {
  useListMembersQuery,
  useInviteMemberMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  useSaveTeamSettingsMutation,
} = teamApi;
