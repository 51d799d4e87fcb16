// The webhooks feature as other features use it.
export { webhookBody } from './body.js';
export { DeliveryPool, deliverDueWebhooks } from './pool.js';
export { webhookWorkerContext, type WebhookWorkerContext } from './worker.js';
