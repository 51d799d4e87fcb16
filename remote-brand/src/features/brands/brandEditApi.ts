import type { BrandReply, BrandUpdate } from 'contract';
import { api } from 'shared-api';

export interface BrandEditArgs {
  brandId: number;
  changes: BrandUpdate;
  /** A new logo: the call goes as a multipart form with it. */
  logo: File | null;
}

/** Lists travel as JSON text in a form, as the server reads them. */
function formOf(changes: BrandUpdate, logo: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(changes))
    if (value !== undefined && value !== null)
      form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  form.append('logo', logo);
  return form;
}

const brandEditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH brand/{id}/: the changed fields (and a new logo). */
    updateBrand: build.mutation<BrandReply, BrandEditArgs>({
      query: ({ brandId, changes, logo }) => ({
        url: `brand/${brandId}/`,
        method: 'PATCH',
        body: logo ? formOf(changes, logo) : changes,
      }),
      invalidatesTags: (_reply, _error, { brandId }) => [
        { type: 'Brand', id: brandId },
        { type: 'Brand', id: 'LIST' },
      ],
    }),
  }),
});

export const { useUpdateBrandMutation } = brandEditApi;
