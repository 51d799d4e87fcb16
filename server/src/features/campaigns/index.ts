// The campaigns feature as other features may use it: they import from here, never its other files.
export { findCampaign, productsOfCampaigns } from './repository.js';
export { DRAFT_NOT_JOINABLE, missingToPublish } from './rules.js';
