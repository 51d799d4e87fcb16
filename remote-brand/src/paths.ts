/** The id of the payout settings section on the payouts screen. */
export const PAYOUT_SETTINGS_ANCHOR = 'payout-settings';

/** Absolute paths of the brand workspace; screens link with these, never with string math. */
export const brandPaths = {
  dashboard: '/brand/dashboard',
  create: '/brand/create',
  brands: '/brand/brands',
  support: '/brand/support',
  advocates: '/brand/advocates',
  advocate: (advocateId: number | string) => `/brand/advocates/${advocateId}`,
  contact: '/brand/contact',
  payouts: '/brand/payouts',
  /** The payouts screen scrolled to its payout settings (the setup checklist's link). */
  payoutSettings: (brandId: number | string) =>
    `/brand/payouts?brandId=${brandId}#${PAYOUT_SETTINGS_ANCHOR}`,
  brand: (brandId: number | string) => `/brand/brands/${brandId}`,
  products: (brandId: number | string) => `/brand/brands/${brandId}/products`,
  createProduct: (brandId: number | string) => `/brand/brands/${brandId}/products/create`,
  product: (brandId: number | string, productId: number | string) =>
    `/brand/brands/${brandId}/products/${productId}`,
  campaigns: (brandId: number | string) => `/brand/brands/${brandId}/campaigns`,
  createCampaign: (brandId: number | string) => `/brand/brands/${brandId}/campaigns/create`,
  campaign: (brandId: number | string, campaignId: number | string) =>
    `/brand/brands/${brandId}/campaigns/${campaignId}`,
  editCampaign: (brandId: number | string, campaignId: number | string) =>
    `/brand/brands/${brandId}/campaigns/${campaignId}/edit`,
  apiKeys: (brandId: number | string) => `/brand/brands/${brandId}/api-keys`,
  team: (brandId: number | string) => `/brand/brands/${brandId}/team`,
  auditLog: (brandId: number | string) => `/brand/brands/${brandId}/audit-log`,
  webhooks: (brandId: number | string) => `/brand/brands/${brandId}/webhooks`,
  integrations: (brandId: number | string) => `/brand/brands/${brandId}/integrations`,
  groups: (brandId: number | string) => `/brand/brands/${brandId}/groups`,
  applications: (brandId: number | string) => `/brand/brands/${brandId}/applications`,
} as const;
