// The joins feature as other features may use it: they import from here, never its other files.
export { campaignEnded } from './campaign-period.js';
export { findLinkFor, hasJoined } from './repository.js';
