// The webhooks feature as other features use it.
export { webhookBody } from './body.js';
export { deliverDueWebhooks, webhookWorkerContext, type WebhookWorkerContext } from './worker.js';
