// The brand's emails to its owner (an advocate joined; a daily summary when reviews wait): one
// switch per brand, stored by the server's emails feature. Only this screen reads it, so the
// endpoints (and their cache tag) are injected here into the one api slice.
import type { BrandNotificationSettings } from 'contract';
import { api } from 'shared-api';

export type { BrandNotificationSettings };

const tag = (brandId: number) => ({ type: 'BrandNotificationSettings', id: brandId }) as const;
const path = (brandId: number) => `brand/${brandId}/notification-settings/`;

export const brandEmailApi = api
  .enhanceEndpoints({ addTagTypes: ['BrandNotificationSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getBrandNotificationSettings: build.query<BrandNotificationSettings, number>({
        query: path,
        providesTags: (_settings, _error, brandId) => [tag(brandId)],
      }),
      saveBrandNotificationSettings: build.mutation<
        BrandNotificationSettings,
        { brandId: number } & BrandNotificationSettings
      >({
        query: ({ brandId, ...body }) => ({ url: path(brandId), method: 'PUT', body }),
        invalidatesTags: (_settings, _error, { brandId }) => [tag(brandId)],
      }),
    }),
  });

export const { useGetBrandNotificationSettingsQuery, useSaveBrandNotificationSettingsMutation } =
  brandEmailApi;
