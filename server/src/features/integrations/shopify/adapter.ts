// Shopify behind the provider interface: X-Shopify-Hmac-Sha256, the base64 HMAC-SHA256 of the
// exact body under the shop's webhook signing key, checked with node:crypto in constant time (the
// documented scheme; @shopify/shopify-api's validator needs a whole app configuration and its
// request adapters for this one comparison). The topic is X-Shopify-Topic; X-Shopify-Webhook-Id
// names the delivery and is the same on Shopify's retries, so it is the event's id.
import { bodyDigestId, jsonOf, unreadEvent } from '../body.js';
import { BadSignature, type BillingProvider } from '../provider.js';
import { headerOf, isValidHmac } from '../hmac.js';
import { parseKeepingBigIntegers } from '../json.js';
import { billingCodeOwner, recordBillingEvent } from '../store.js';
import { readShopifyEvent } from './payloads.js';

export const shopify: BillingProvider = {
  name: 'shopify',
  label: 'Shopify',
  verify(request, secret) {
    const signature = headerOf(request.headers, 'x-shopify-hmac-sha256');
    if (!isValidHmac(request.body, secret, signature, 'base64'))
      throw new BadSignature('Invalid or missing X-Shopify-Hmac-Sha256');
    const topic = headerOf(request.headers, 'x-shopify-topic') ?? 'unknown';
    const webhookId =
      headerOf(request.headers, 'x-shopify-webhook-id') ??
      headerOf(request.headers, 'x-shopify-event-id') ??
      bodyDigestId(request.body);
    return (
      readShopifyEvent(jsonOf(request.body, parseKeepingBigIntegers), topic, webhookId) ??
      unreadEvent(webhookId, topic, 'Not an order or refund')
    );
  },
  codeOwner: (db, brandId, codes) => billingCodeOwner(db, 'shopify', brandId, codes),
  recordEvent: (db, entry, bookkeeping) => recordBillingEvent(db, 'shopify', entry, bookkeeping),
};
