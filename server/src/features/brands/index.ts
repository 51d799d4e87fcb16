// The brands feature as other features may use it: they import from here, never its other files.
export {
  assertBrandAccess,
  BRAND_NOT_FOUND,
  brandAccess,
  manageableBrand,
  mayActOnBrand,
} from './access.js';
export { brandIdsOwnedBy, findBrand, listBrands, memberBrandIds } from './repository.js';
export { brandRoute, type BrandRouteAccess } from './route-access.js';
