import type {
  AcceptAdvocateInvitationReply,
  AdvocateInvitationDetailsReply,
  AdvocateInvitationsBody,
  AdvocateInvitationsReply,
  ApplicationAnswer,
  ApplicationStatus,
  ApplicationView,
  ApplyReply,
  MyApplication,
  ProgramPageReply,
} from 'contract';
import { api, listTag } from 'shared-api';

export type {
  AdvocateInvitationsReply,
  ApplicationView,
  ApplyReply,
  MyApplication,
  ProgramPageReply,
} from 'contract';

/** A brand's partner program: its public page, applications and bulk invitations (issue 36). */
export const programsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public program page (no sign-in needed). */
    getProgram: build.query<ProgramPageReply, string>({
      query: (slug) => `programs/${encodeURIComponent(slug)}/`,
    }),
    applyToProgram: build.mutation<
      ApplyReply,
      { slug: string; campaign_id: number; answers: ApplicationAnswer[] }
    >({
      query: ({ slug, ...body }) => ({
        url: `programs/${encodeURIComponent(slug)}/apply/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [listTag('Application'), listTag('Campaign')],
    }),
    /** The signed-in advocate's applications and their states. */
    listMyApplications: build.query<MyApplication[], void>({
      query: () => 'advocate/applications/',
      transformResponse: (reply: { applications: MyApplication[] }) => reply.applications,
      providesTags: [listTag('Application')],
    }),
    listApplications: build.query<
      ApplicationView[],
      { brandId: number; status?: ApplicationStatus }
    >({
      query: ({ brandId, status }) =>
        `brand/${brandId}/applications/${status ? `?status=${status}` : ''}`,
      transformResponse: (reply: { applications: ApplicationView[] }) => reply.applications,
      providesTags: [listTag('Application')],
    }),
    approveApplication: build.mutation<
      { application: ApplicationView },
      { brandId: number; id: number; group_id?: number }
    >({
      query: ({ brandId, id, group_id }) => ({
        url: `brand/${brandId}/applications/${id}/approve/`,
        method: 'POST',
        body: group_id ? { group_id } : {},
      }),
      invalidatesTags: [listTag('Application'), listTag('Advocate')],
    }),
    rejectApplication: build.mutation<
      { application: ApplicationView },
      { brandId: number; id: number; reason: string }
    >({
      query: ({ brandId, id, reason }) => ({
        url: `brand/${brandId}/applications/${id}/reject/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: [listTag('Application')],
    }),
    inviteAdvocates: build.mutation<
      AdvocateInvitationsReply,
      AdvocateInvitationsBody & { brandId: number }
    >({
      query: ({ brandId, ...body }) => ({
        url: `brand/${brandId}/advocate-invitations/`,
        method: 'POST',
        body,
      }),
    }),
    getAdvocateInvitation: build.query<AdvocateInvitationDetailsReply, string>({
      query: (token) => `advocate-invitations/${encodeURIComponent(token)}/`,
    }),
    acceptAdvocateInvitation: build.mutation<AcceptAdvocateInvitationReply, string>({
      query: (token) => ({ url: 'advocate-invitations/accept/', method: 'POST', body: { token } }),
      invalidatesTags: [listTag('Application'), listTag('Campaign')],
    }),
  }),
});

export const {
  useGetProgramQuery,
  useApplyToProgramMutation,
  useListMyApplicationsQuery,
  useListApplicationsQuery,
  useApproveApplicationMutation,
  useRejectApplicationMutation,
  useInviteAdvocatesMutation,
  useGetAdvocateInvitationQuery,
  useAcceptAdvocateInvitationMutation,
} = programsApi;
