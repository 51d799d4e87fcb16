// A brand's advocate groups (tiers), their members and the automatic rules: only this workspace
// uses them, so the endpoints (and their cache tags) are injected here into the one api slice.
import type { CreateGroupBody, GroupMember, GroupMove, GroupView, UpdateGroupBody } from 'contract';
import { api } from 'shared-api';

export type Group = GroupView;
export type { GroupMember, GroupMove };

interface BrandScoped {
  brandId: number;
}
interface GroupScoped extends BrandScoped {
  groupId: number;
}

// Any move changes counts and members of several groups: one tag per brand covers them all.
const groupsTag = (brandId: number) => ({ type: 'Group', id: `brand-${brandId}` }) as const;
const base = ({ brandId }: BrandScoped) => `brand/${brandId}/groups/`;
const one = ({ brandId, groupId }: GroupScoped) => `brand/${brandId}/groups/${groupId}/`;
const invalidates = (_reply: unknown, _error: unknown, { brandId }: BrandScoped) => [
  groupsTag(brandId),
];

export const groupsApi = api.enhanceEndpoints({ addTagTypes: ['Group'] }).injectEndpoints({
  endpoints: (build) => ({
    listGroups: build.query<Group[], number>({
      query: (brandId) => base({ brandId }),
      transformResponse: (reply: { groups: Group[] }) => reply.groups,
      providesTags: (_groups, _error, brandId) => [groupsTag(brandId)],
    }),
    createGroup: build.mutation<{ group: Group }, BrandScoped & CreateGroupBody>({
      query: ({ brandId, ...body }) => ({ url: base({ brandId }), method: 'POST', body }),
      invalidatesTags: invalidates,
    }),
    updateGroup: build.mutation<{ group: Group }, GroupScoped & UpdateGroupBody>({
      query: ({ brandId, groupId, ...body }) => ({
        url: one({ brandId, groupId }),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: invalidates,
    }),
    deleteGroup: build.mutation<{ moves: GroupMove[] }, GroupScoped>({
      query: (ids) => ({ url: one(ids), method: 'DELETE' }),
      invalidatesTags: invalidates,
    }),
    listGroupMembers: build.query<GroupMember[], GroupScoped>({
      query: (ids) => `${one(ids)}members/`,
      transformResponse: (reply: { members: GroupMember[] }) => reply.members,
      providesTags: (_members, _error, { brandId }) => [groupsTag(brandId)],
    }),
    moveToGroup: build.mutation<{ moves: GroupMove[] }, GroupScoped & { advocateIds: number[] }>({
      query: ({ advocateIds, ...ids }) => ({
        url: `${one(ids)}members/`,
        method: 'POST',
        body: { advocate_ids: advocateIds },
      }),
      invalidatesTags: invalidates,
    }),
    evaluateGroups: build.mutation<{ moves: GroupMove[] }, BrandScoped>({
      query: ({ brandId }) => ({ url: `${base({ brandId })}evaluate/`, method: 'POST' }),
      invalidatesTags: invalidates,
    }),
  }),
});

export const {
  useListGroupsQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useDeleteGroupMutation,
  useListGroupMembersQuery,
  useMoveToGroupMutation,
  useEvaluateGroupsMutation,
} = groupsApi;
