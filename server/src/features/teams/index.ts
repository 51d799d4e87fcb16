// The teams feature as other features may use it: they import from here, never its other files.
export {
  membershipsSql,
  toMemberships,
  twoFactorEnabledSql,
  type Membership,
} from './memberships.js';
