// The products feature as other features may use it: they import from here, never its other files.
export { brandProductIds } from './repository.js';
