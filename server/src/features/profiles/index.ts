// The profiles feature as other features may use it: they import from here, never its other files.
export { profileSummaries } from './repository.js';
export { advocateDisplay } from './view.js';
