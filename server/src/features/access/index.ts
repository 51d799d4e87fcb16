// The access rule as every feature uses it: which brands a caller may act on, with which
// permission. It imports no feature, so any feature may import it without a circle.
export {
  memberMayReadSql,
  membershipsSql,
  toMemberships,
  twoFactorEnabledSql,
  type Membership,
} from './memberships.js';
export {
  assertBrandAccess,
  BRAND_NOT_FOUND,
  brandAccess,
  BrandAccessDenied,
  findBrand,
  manageableBrand,
  mayActOnBrand,
  permittedBrandIds,
  type Accessor,
  type BrandAccess,
} from './rule.js';
export { brandRoute, type BrandRouteAccess, type BrandSource } from './route.js';
