/**
 * The catalog: brands, products and campaigns. Shared by the brand workspace, the advocate area
 * and the SDK tester, so the calls, reply readers and cache tags live here once.
 */
export * from './brandsApi';
export * from './productsApi';
export * from './campaignsApi';
export {
  obtainAccessToken,
  createBrandAsOwner,
  NO_TOKEN_FOR_BRAND,
  BRAND_CREATE_FAILED,
} from './session';
export { requestBody, type FieldValue, type Fields } from './body';
