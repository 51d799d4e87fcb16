// The conversions feature as other features may use it: they import from here, never its other files.
export { identifyReporter } from './credentials.js';
export { centsText, netAmount, renewalPays } from './rewards.js';
