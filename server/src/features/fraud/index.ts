// The fraud feature as other features may use it: they import from here, never its other files.
export { isDisposableEmail } from './disposable.js';
export { fraudHashes, type FraudHashes, type PayoutIdentity } from './hashes.js';
export { isPaidAdLanding, isPaidAdClick, markPaidAd, PAID_AD_PARAMS } from './paid-ads.js';
export { holdReasons, isSelfReferral, type RuleInput } from './rules.js';
export { fraudSettings, DEFAULT_FRAUD_SETTINGS, type BrandFraudSettings } from './settings.js';
export { default as fraudRoutes } from './routes.js';
