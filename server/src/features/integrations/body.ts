// Reading a webhook's body once its signature holds: its JSON (a body that is not JSON reads as
// nothing, so the event is acknowledged as one this product does not read), its digest (the id
// of an event the provider sends without one), and the answer for a body that says nothing.
import { createHash } from 'node:crypto';
import type { VerifiedEvent } from './provider.js';

/** The body's JSON, or undefined when it is not JSON. */
export function jsonOf(body: Buffer, parse: (text: string) => unknown = JSON.parse): unknown {
  try {
    return parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** An event id made of the exact bytes: a redelivery (the same bytes) has the same id. */
export const bodyDigestId = (body: Buffer) =>
  `sha256:${createHash('sha256').update(body).digest('hex')}`;

/** A verified request that names nothing this product reads, acknowledged with why. */
export const unreadEvent = (eventId: string, type: string, why: string): VerifiedEvent => ({
  eventId,
  type,
  objectId: null,
  facts: [],
  ignored: why,
});
