// Every request and reply of the API as TypeBox schemas, one module per feature, with the static
// type of each schema exported under the same name. The server validates and serializes with the
// schemas; browser code and the sdk use `import type` only (see docs/design-notes.md).
export * from './rules.js';
export * from './currency.js';
export * from './common.js';
export * from './replies.js';
export * from './auth.js';
export * from './users.js';
export * from './roles.js';
export * from './brands.js';
export * from './products.js';
export * from './campaigns.js';
export * from './groups.js';
export * from './campaign-stats.js';
export * from './joins.js';
export * from './programs.js';
export * from './advocate-removals.js';
export * from './advocate-campaigns.js';
export * from './profiles.js';
export * from './preferences.js';
export * from './conversions.js';
export * from './api-keys.js';
export * from './analytics.js';
export * from './money.js';
export * from './fraud.js';
export * from './events.js';
export * from './integrations.js';
export * from './billing-providers.js';
export * from './webhooks.js';
export * from './notifications.js';
export * from './teams.js';
export * from './team-api.js';
export * from './invitations.js';
export * from './routes.js';
