import { api, type Campaign, type CampaignProductRef, type CampaignStatus } from 'shared-api';
import { requestBody } from './body';
import { entityAt, listAt, messageOf, toNumberOrNull } from './replies';

/** How an advocate is rewarded for a conversion: a share of its value, or a fixed amount. */
export type CommissionType = 'percentage' | 'flat';
export const COMMISSION_TYPES: readonly CommissionType[] = ['percentage', 'flat'];

/** A campaign as the catalog reads it: the shared type plus the reward rule and labels. */
export interface CampaignRecord extends Campaign {
  commission_type?: CommissionType | null;
  commission_value?: number | null;
  brand_name?: string | null;
  created_at?: string;
}

/** The writable fields of POST campaign/create/ and PATCH campaign/update/{id}/ (SPEC 7). */
export interface CampaignFields {
  title?: string;
  category?: string;
  description?: string;
  target_customers?: string;
  location?: string;
  gender?: string;
  age_range?: string;
  budget_limit?: number;
  product_url?: string;
  duration?: number;
  status?: CampaignStatus;
  commission_type?: CommissionType;
  commission_value?: number;
  product_ids?: number[];
}

export interface CreateCampaignInput extends CampaignFields {
  /** Id of the owning brand. */
  brand: number;
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
}

/** The products attached to a campaign: `products`, else `campaign_products`. */
export function campaignProducts(campaign: Campaign): CampaignProductRef[] {
  return campaign.products ?? campaign.campaign_products ?? [];
}

/** Its label: `title`, else `name`. */
export function campaignTitle(campaign: Campaign): string {
  return campaign.title ?? campaign.name ?? '';
}

/** Numbers may arrive as decimal strings (budget, reward value). */
export function normaliseCampaign(raw: CampaignRecord): CampaignRecord {
  return {
    ...raw,
    budget_limit: toNumberOrNull(raw.budget_limit),
    duration: toNumberOrNull(raw.duration),
    commission_value: toNumberOrNull(raw.commission_value),
  };
}

/** Reads a bare array, `{campaigns}`, `{data: {campaigns}}` or `{data: [...]}`. */
export function readCampaignList(reply: unknown): CampaignRecord[] {
  return listAt<CampaignRecord>(reply, [], ['data', 'campaigns'], ['campaigns'], ['data']).map(
    normaliseCampaign,
  );
}

/** Reads a bare campaign, `{campaign}` or `{data: campaign}`. */
export function readCampaign(reply: unknown): CampaignRecord | null {
  const campaign = entityAt<CampaignRecord>(
    reply,
    ['campaign'],
    ['data', 'campaign'],
    ['data'],
    [],
  );
  return campaign && normaliseCampaign(campaign);
}

function readWriteReply(reply: unknown): CampaignWriteReply {
  return { campaign: readCampaign(reply), message: messageOf(reply) };
}

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBrandCampaigns: build.query<CampaignRecord[], number>({
      query: (brandId) => `brand/${brandId}/campaigns/`,
      transformResponse: readCampaignList,
      providesTags: (campaigns = []) => [
        ...campaigns.map((campaign) => ({ type: 'Campaign' as const, id: campaign.id })),
        { type: 'Campaign', id: 'LIST' },
      ],
    }),
    /** Every active campaign, for advocates (GET campaign/list/). */
    listCampaigns: build.query<CampaignRecord[], void>({
      query: () => 'campaign/list/',
      transformResponse: readCampaignList,
      providesTags: [{ type: 'Campaign', id: 'LIST' }],
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
      invalidatesTags: [{ type: 'Campaign', id: 'LIST' }],
    }),
    updateCampaign: build.mutation<CampaignWriteReply, UpdateCampaignInput>({
      query: ({ id, fields, video }) => ({
        url: `campaign/update/${id}/`,
        method: 'PATCH',
        body: requestBody(fields, { video }),
      }),
      transformResponse: readWriteReply,
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Campaign', id },
        { type: 'Campaign', id: 'LIST' },
      ],
    }),
    deleteCampaign: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `campaign/delete/${id}/`, method: 'DELETE' }),
      transformResponse: (reply: unknown) => ({ message: messageOf(reply) }),
      invalidatesTags: [{ type: 'Campaign', id: 'LIST' }],
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
