// Lemon Squeezy behind the provider interface: X-Signature, the hex HMAC-SHA256 of the exact body
// under the webhook's signing secret, checked with node:crypto in constant time. Its official
// package (@lemonsqueezy/lemonsqueezy.js) is an API client with no webhook verification, so it
// would add nothing here. Lemon Squeezy sends no event id: the body's SHA-256 is the event's id,
// so a redelivery (the same bytes) is told apart while a later event of the same order is not.
import { bodyDigestId, jsonOf, unreadEvent } from '../body.js';
import { BadSignature, type BillingProvider } from '../provider.js';
import { headerOf, isValidHmac } from '../hmac.js';
import { billingCodeOwner, recordBillingEvent } from '../store.js';
import { readLemonSqueezyEvent } from './payloads.js';

export const lemonsqueezy: BillingProvider = {
  name: 'lemonsqueezy',
  label: 'Lemon Squeezy',
  verify(request, secret) {
    if (!isValidHmac(request.body, secret, headerOf(request.headers, 'x-signature'), 'hex'))
      throw new BadSignature('Invalid or missing X-Signature');
    const eventId = bodyDigestId(request.body);
    return (
      readLemonSqueezyEvent(jsonOf(request.body), eventId) ??
      unreadEvent(
        eventId,
        headerOf(request.headers, 'x-event-name') ?? 'unknown',
        'Not a webhook event',
      )
    );
  },
  codeOwner: (db, brandId, codes) => billingCodeOwner(db, 'lemonsqueezy', brandId, codes),
  recordEvent: (db, entry, bookkeeping) =>
    recordBillingEvent(db, 'lemonsqueezy', entry, bookkeeping),
};
