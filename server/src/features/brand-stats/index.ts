// The brand-stats feature as other features may use it: they import from here, never its other files.
export { computeStats, displayName } from './stats.js';
