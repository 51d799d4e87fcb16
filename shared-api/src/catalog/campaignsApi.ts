import type { CampaignView, CreateCampaignBody, UpdateCampaignBody } from 'contract';
import { api, itemAndListTags, listTag } from 'shared-api';
import { fieldIn, listIn, messageIn, recordIn } from '../api/envelope';
import { requestBody } from './body';

export { COMMISSION_TYPES, type CommissionType } from 'contract/rules';

/** A campaign as the server sends it. */
export type CampaignRecord = CampaignView;

/**
 * The writable fields of POST campaign/create/ and PATCH campaign/update/{id}/ as the forms send
 * them: the contract's, with empty fields left out rather than cleared.
 */
export type CampaignFields = Omit<
  { [K in keyof UpdateCampaignBody]?: Exclude<UpdateCampaignBody[K], null> },
  'recurring_months'
> & {
  /** null: every renewal pays (the default), which an edit must be able to send back. */
  recurring_months?: number | null;
};

export interface CreateCampaignInput extends CampaignFields {
  /** Id of the owning brand. */
  brand: CreateCampaignBody['brand'];
  /** A chosen video makes the call multipart. */
  video?: File | null;
}

export interface UpdateCampaignInput {
  id: number;
  fields: CampaignFields;
  video?: File | null;
}

export interface CampaignWriteReply {
  campaign: CampaignRecord | null;
  message?: string;
  /** Saved as a draft (no title or no reward): what it needs before advocates can join it. */
  notice?: string;
}

/** Its label: the title, or '' for a campaign without one. */
export function campaignTitle(campaign: CampaignRecord): string {
  return campaign.title ?? '';
}

const readCampaignList = (reply: unknown) => listIn<CampaignRecord>(reply, 'campaigns');
const readCampaign = (reply: unknown) => recordIn<CampaignRecord>(reply, 'campaign');

function readWriteReply(reply: unknown): CampaignWriteReply {
  const notice = fieldIn<string>(reply, 'notice');
  return {
    campaign: readCampaign(reply),
    message: messageIn(reply),
    ...(notice === undefined ? {} : { notice }),
  };
}

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBrandCampaigns: build.query<CampaignRecord[], number>({
      query: (brandId) => `brand/${brandId}/campaigns/`,
      transformResponse: readCampaignList,
      providesTags: itemAndListTags('Campaign'),
    }),
    /** Every active campaign, for advocates (GET campaign/list/). */
    listCampaigns: build.query<CampaignRecord[], void>({
      query: () => 'campaign/list/',
      transformResponse: readCampaignList,
      providesTags: [listTag('Campaign')],
    }),
    getCampaign: build.query<CampaignRecord | null, number>({
      query: (id) => `campaign/${id}/`,
      transformResponse: readCampaign,
      providesTags: (_campaign, _error, id) => [{ type: 'Campaign', id }],
    }),
    createCampaign: build.mutation<CampaignWriteReply, CreateCampaignInput>({
      query: ({ video, ...fields }) => ({
        url: 'campaign/create/',
        method: 'POST',
        body: requestBody(fields, { video }),
      }),
      transformResponse: readWriteReply,
      invalidatesTags: [listTag('Campaign')],
    }),
    updateCampaign: build.mutation<CampaignWriteReply, UpdateCampaignInput>({
      query: ({ id, fields, video }) => ({
        url: `campaign/update/${id}/`,
        method: 'PATCH',
        body: requestBody(fields, { video }),
      }),
      transformResponse: readWriteReply,
      invalidatesTags: (_reply, _error, { id }) => [{ type: 'Campaign', id }, listTag('Campaign')],
    }),
    deleteCampaign: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `campaign/delete/${id}/`, method: 'DELETE' }),
      transformResponse: (reply: unknown) => ({ message: messageIn(reply) }),
      invalidatesTags: [listTag('Campaign')],
    }),
  }),
});

export const {
  useListBrandCampaignsQuery,
  useListCampaignsQuery,
  useGetCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
} = campaignsApi;
