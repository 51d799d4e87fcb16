// The brands feature as other features may use it: they import from here, never its other files.
export { canManageBrand, manageableBrand } from './access.js';
export { brandIdsOwnedBy, brandIdsOwnedBySql } from './repository.js';
