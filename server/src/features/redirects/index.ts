// The redirects feature as other features may use it: they import from here, never its other files.
export type { ClickBuffer } from './click-buffer.js';
export type { ShareLinkResolver } from './link-resolver.js';
