import {
  api,
  type ApiRole,
  type ServerRole,
  type Brand,
  type BrandSize,
  type BrandType,
} from 'shared-api';
import { requestBody } from './body';
import { entityAt, listAt, messageOf } from './replies';

/** POST brand/create/ (SPEC 3 Brand, 5 Brand create). Optional fields are omitted when empty. */
export interface CreateBrandInput {
  brand_name: string;
  brand_type?: BrandType;
  brand_size?: BrandSize;
  phone_no?: string;
  website_url?: string;
  instagram_url?: string;
  discord_url?: string;
  X_url?: string;
  description?: string;
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

/** Reads `{brands}`, `{data: {brands}}`, `{data: [...]}` or a bare array. */
export function readBrandList(reply: unknown): Brand[] {
  return listAt<Brand>(reply, ['brands'], ['data', 'brands'], ['data'], []);
}

/** Reads `{brand}`, `{data: {brand}}`, `{data: brand}` or a bare brand. */
export function readBrand(reply: unknown): Brand | null {
  return entityAt<Brand>(reply, ['brand'], ['data', 'brand'], ['data'], []);
}

function readCreateBrandReply(reply: unknown): CreateBrandReply {
  const record = (reply ?? {}) as Partial<CreateBrandReply>;
  return {
    brand: readBrand(reply),
    message: messageOf(reply),
    roles: Array.isArray(record.roles) ? record.roles : undefined,
    active_role: record.active_role,
  };
}

export const brandsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBrands: build.query<Brand[], void>({
      query: () => 'brand/list/',
      transformResponse: readBrandList,
      providesTags: (brands = []) => [
        ...brands.map((brand) => ({ type: 'Brand' as const, id: brand.id })),
        { type: 'Brand', id: 'LIST' },
      ],
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
      invalidatesTags: [{ type: 'Brand', id: 'LIST' }, 'User', 'ActiveRole'],
    }),
  }),
});

export const { useListBrandsQuery, useGetBrandQuery, useCreateBrandMutation } = brandsApi;
