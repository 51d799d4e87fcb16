// The programs feature as other features use it: joining under a campaign's join_mode, the
// caller's application to a campaign, and the program page's data (the server's first paint).
export { declinedMessage, INVITE_ONLY, joinByMode, type JoinOutcome } from './join-modes.js';
export { applicationOf, liveProductIds } from './repository.js';
export { programPage } from './page-data.js';
export { default as programRoutes } from './routes.js';
