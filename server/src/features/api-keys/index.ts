// The api-keys feature as other features may use it: they import from here, never its other files.
export { apiKeyKindOf, isWellFormedKey } from './keys.js';
export { findLiveKey } from './repository.js';
