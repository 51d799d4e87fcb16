import type { MyGroupReply } from 'contract';
import { api } from 'shared-api';

/** GET campaign/{id}/my-group/: the advocate's group at the campaign's brand and its rules. */
export const myGroupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyGroup: build.query<MyGroupReply, number>({
      query: (campaignId) => `campaign/${campaignId}/my-group/`,
    }),
  }),
});

export const { useGetMyGroupQuery } = myGroupApi;
