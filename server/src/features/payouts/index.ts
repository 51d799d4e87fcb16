// The payouts feature as other features may use it: they import from here, never its other files.
export { methodLabel, paymentTypeLabel } from './view.js';
