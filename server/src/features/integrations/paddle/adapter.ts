// Paddle Billing behind the provider interface: Paddle-Signature verified on the exact body
// (verify.ts), then its notification read into facts (payloads.ts). Events, paid objects and
// discount codes live in the shared billing_* tables.
import { bodyDigestId, jsonOf, unreadEvent } from '../body.js';
import { BadSignature, type BillingProvider } from '../provider.js';
import { headerOf } from '../hmac.js';
import { billingCodeOwner, recordBillingEvent } from '../store.js';
import { readPaddleEvent } from './payloads.js';
import { isValidPaddleSignature } from './verify.js';

export const paddle: BillingProvider = {
  name: 'paddle',
  label: 'Paddle',
  verify(request, secret, now) {
    const signature = headerOf(request.headers, 'paddle-signature');
    if (!isValidPaddleSignature(request.body, signature, secret, now))
      throw new BadSignature('Invalid or missing Paddle-Signature');
    return (
      readPaddleEvent(jsonOf(request.body)) ??
      unreadEvent(bodyDigestId(request.body), 'unknown', 'Not a notification')
    );
  },
  codeOwner: (db, brandId, codes) => billingCodeOwner(db, 'paddle', brandId, codes),
  recordEvent: (db, entry, bookkeeping) => recordBillingEvent(db, 'paddle', entry, bookkeeping),
};
