// The auth feature as other features may use it: they import from here, never its other files.
export { loadPrincipal, type Principal } from './principal.js';
export { clearRefreshCookie } from './refresh-cookie.js';
export { startSession } from './login.js';
