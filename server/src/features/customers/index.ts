// The customers feature as other features may use it: they import from here, never its other files.
export {
  findCustomer,
  markSubscriptionEnded,
  maskEmail,
  nextRenewalNumber,
  rememberCustomer,
  rememberCustomerStatement,
  type CustomerAttribution,
  type CustomerMemory,
} from './repository.js';
export {
  customerAttribution,
  customerMemory,
  customerTerms,
  sdkCustomerKey,
  termsReadCustomer,
  type CustomerTerms,
} from './terms.js';
