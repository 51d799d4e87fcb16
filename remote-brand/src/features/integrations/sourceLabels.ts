// How a conversion reached the product and which subscription payment it is, as the brand's
// lists name them (the review list, payments).
import type { CredentialKind, EventType } from 'contract/rules';

/** The source of a conversion by the credential that reported it. */
export const SOURCE_LABELS: Record<CredentialKind, string> = {
  stripe: 'Stripe',
  paddle: 'Paddle',
  lemonsqueezy: 'Lemon Squeezy',
  shopify: 'Shopify',
  publishable: 'Script',
  secret: 'Server',
  user: 'Tester',
};

/** 'Renewal #2' for a subscription's renewal, else the event type as stored. */
export function eventLabel(row: { event_type: EventType; renewal_number: number | null }): string {
  return row.event_type === 'subscription_renewal' && row.renewal_number !== null
    ? `Renewal #${row.renewal_number}`
    : row.event_type;
}
