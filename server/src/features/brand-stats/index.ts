// The brand-stats feature as other features may use it: they import from here, never its other files.
export { statsReply } from './reply.js';
export { currencyTotals, displayName } from './stats.js';
