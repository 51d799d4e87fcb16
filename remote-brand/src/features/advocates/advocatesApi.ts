import type {
  AdvocateProfile,
  AdvocateRecord,
  AdvocateRemovalBody,
  AdvocateRemovalReply,
  AdvocateRemovalsReply,
  AdvocateRemovalView,
  AdvocateRestoreReply,
  BrandAdvocatesReply,
} from 'contract';
import { api, isRecord } from 'shared-api';
import type { AdvocateFilters } from './advocateFilters';

export type { AdvocateProfile, AdvocateRecord, AdvocateRemovalView };

export interface RemovalArgs extends AdvocateRemovalBody {
  brandId: number;
  advocateId: number;
  /** A ban also refuses their joining again. */
  ban: boolean;
}
export type AdvocatesPage = Pick<BrandAdvocatesReply, 'data' | 'meta'>;

export interface ProfileArgs {
  advocateId: number;
  brandId: number | null;
}

function advocateIdOf(record: unknown): unknown {
  if (!isRecord(record)) return undefined;
  return isRecord(record.advocate) ? record.advocate.id : record.id;
}

/**
 * The profile's record in GET brands/advocates/?advocate_id=: the list envelope `{data: [...]}`,
 * `{data: {...}}`, a bare array or a single object; the one whose advocate id matches, or null
 * when the advocate is not one of the brand's (or the reply holds nobody).
 */
export function pickProfile(reply: unknown, advocateId: number): AdvocateProfile | null {
  const body = isRecord(reply) && 'data' in reply ? reply.data : reply;
  const records = Array.isArray(body) ? body : [body];
  const found = records.find((record) => Number(advocateIdOf(record)) === advocateId);
  return (found as AdvocateProfile | undefined) ?? null;
}

/** The query string of the list: filters the URL left empty are not sent. */
export function listParams(filters: AdvocateFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: filters.page,
    per_page: filters.perPage,
  };
  if (filters.brandId !== null) params.brand_id = filters.brandId;
  if (filters.campaignId !== null) params.campaign_id = filters.campaignId;
  if (filters.status) params.status = filters.status;
  if (filters.search) params.q = filters.search;
  return params;
}

const advocatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET brands/advocates/: the advocates who joined the owner's brands, a page at a time. */
    listBrandAdvocates: build.query<AdvocatesPage, AdvocateFilters>({
      query: (filters) => ({ url: 'brands/advocates/', params: listParams(filters) }),
      transformResponse: (reply: BrandAdvocatesReply) => ({ data: reply.data, meta: reply.meta }),
      providesTags: [{ type: 'Advocate', id: 'LIST' }],
    }),
    /** The same call narrowed to one advocate (and optionally one brand): their profile. */
    getAdvocateProfile: build.query<AdvocateProfile | null, ProfileArgs>({
      query: ({ advocateId, brandId }) => ({
        url: 'brands/advocates/',
        params:
          brandId === null
            ? { advocate_id: advocateId }
            : { advocate_id: advocateId, brand_id: brandId },
      }),
      transformResponse: (reply: unknown, _meta, { advocateId }) => pickProfile(reply, advocateId),
      providesTags: (_profile, _error, { advocateId }) => [{ type: 'Advocate', id: advocateId }],
    }),
    /** GET brand/{id}/advocates/removed/: the brand's removed and banned advocates. */
    listRemovedAdvocates: build.query<AdvocateRemovalView[], number>({
      query: (brandId) => `brand/${brandId}/advocates/removed/`,
      transformResponse: (reply: AdvocateRemovalsReply) => reply.data,
      providesTags: [{ type: 'Advocate', id: 'REMOVED' }],
    }),
    /** POST …/remove/ or …/ban/: the advocate leaves every campaign of the brand. */
    removeAdvocate: build.mutation<AdvocateRemovalReply, RemovalArgs>({
      query: ({ brandId, advocateId, ban, reason, pending }) => ({
        url: `brand/${brandId}/advocates/${advocateId}/${ban ? 'ban' : 'remove'}/`,
        method: 'POST',
        body: { reason, pending },
      }),
      invalidatesTags: (_reply, _error, { advocateId }) => [
        { type: 'Advocate', id: 'LIST' },
        { type: 'Advocate', id: 'REMOVED' },
        { type: 'Advocate', id: advocateId },
      ],
    }),
    /** POST …/restore/: back in the campaigns they left. */
    restoreAdvocate: build.mutation<AdvocateRestoreReply, { brandId: number; advocateId: number }>({
      query: ({ brandId, advocateId }) => ({
        url: `brand/${brandId}/advocates/${advocateId}/restore/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_reply, _error, { advocateId }) => [
        { type: 'Advocate', id: 'LIST' },
        { type: 'Advocate', id: 'REMOVED' },
        { type: 'Advocate', id: advocateId },
      ],
    }),
  }),
});

export const {
  useListBrandAdvocatesQuery,
  useGetAdvocateProfileQuery,
  useListRemovedAdvocatesQuery,
  useRemoveAdvocateMutation,
  useRestoreAdvocateMutation,
} = advocatesApi;
