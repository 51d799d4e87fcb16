/**
 * The catalog: brands and campaigns. Shared by the brand workspace, the advocate area and the
 * SDK tester, so the calls, reply readers and cache tags live here once (products, which only the
 * brand workspace calls, live in its products feature).
 */
export * from './brandsApi';
export * from './campaignsApi';
export * from './programsApi';
export {
  obtainAccessToken,
  createBrandAsOwner,
  NO_TOKEN_FOR_BRAND,
  BRAND_CREATE_FAILED,
} from './session';
export { requestBody, type FieldValue, type Fields } from './body';
