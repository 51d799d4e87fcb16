import type { BrandInput } from 'contract';
import {
  api,
  itemAndListTags,
  listTag,
  type ApiRole,
  type ServerRole,
  type Brand,
} from 'shared-api';
import { fieldIn, listIn, messageIn, recordIn } from '../api/envelope';
import { requestBody } from './body';

/** POST brand/create/: the contract's fields (empty optional ones left out) and the document. */
export interface CreateBrandInput extends BrandInput {
  /** The registration document (image or PDF); its presence makes the call multipart. */
  brand_CAC?: File | null;
}

export interface CreateBrandReply {
  brand: Brand | null;
  message?: string;
  /** The caller's roles after the grant of Brand Owner, when the reply carries them. */
  roles?: ServerRole[];
  active_role?: ApiRole | null;
}

const readBrandList = (reply: unknown) => listIn<Brand>(reply, 'brands');
const readBrand = (reply: unknown) => recordIn<Brand>(reply, 'brand');

function readCreateBrandReply(reply: unknown): CreateBrandReply {
  const roles = listIn<ServerRole>(reply, 'roles');
  return {
    brand: readBrand(reply),
    message: messageIn(reply),
    roles: roles.length > 0 ? roles : undefined,
    active_role: fieldIn<ApiRole>(reply, 'active_role') ?? null,
  };
}

export const brandsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBrands: build.query<Brand[], void>({
      query: () => 'brand/list/',
      transformResponse: readBrandList,
      providesTags: itemAndListTags('Brand'),
    }),
    getBrand: build.query<Brand | null, number>({
      query: (id) => `brand/${id}/`,
      transformResponse: readBrand,
      providesTags: (_brand, _error, id) => [{ type: 'Brand', id }],
    }),
    createBrand: build.mutation<CreateBrandReply, CreateBrandInput>({
      query: ({ brand_CAC, ...fields }) => ({
        url: 'brand/create/',
        method: 'POST',
        body: requestBody(fields, { brand_CAC }),
      }),
      transformResponse: readCreateBrandReply,
      // The new brand shows in the list, and the user record gains the role and brand id.
      invalidatesTags: [listTag('Brand'), 'User', 'ActiveRole'],
    }),
  }),
});

export const { useListBrandsQuery, useGetBrandQuery, useCreateBrandMutation } = brandsApi;
