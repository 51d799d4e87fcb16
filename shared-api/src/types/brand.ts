import type { BrandView } from 'contract';

export { BRAND_SIZES, BRAND_TYPES, type BrandSize, type BrandType } from 'contract/rules';

/** A brand as the server sends it. */
export type Brand = BrandView;
