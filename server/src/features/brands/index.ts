// The brands feature as other features may use it: they import from here, never its other files.
// The access rule (who may act on which brand) is features/access.
export { listBrands } from './repository.js';
