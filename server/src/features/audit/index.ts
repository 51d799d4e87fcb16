// The audit feature as other features may use it: they import from here, never its other files.
export {
  apiKeyActor,
  changedFields,
  hashAddress,
  integrationActor,
  recordAudit,
  userActor,
  type AuditActor,
  type AuditChange,
} from './record.js';
export { recordPayoutAudit, recordReviewAudit } from './money.js';
export {
  campaignFields,
  productFields,
  recordCampaignAudit,
  recordProductAudit,
} from './catalog.js';
