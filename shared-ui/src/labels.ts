// The product's words for the raw values its data carries (issue 35: filters and badges showed
// `purchase`, `subscription_created`, `pending`): one table per vocabulary of contract/rules, read
// by every screen, its filters and its badges, so a value is named the same everywhere.
import type { CredentialKind, EventType, PayoutStatus, RewardStatus } from 'contract/rules';
import type { BILLING_EVENT_OUTCOMES } from 'contract';
import type { SelectOption } from './forms/primitives/Select';

/** What a conversion was: a filter choice, a column, a campaign's per-event rule. */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  purchase: 'Purchase',
  signup: 'Sign-up',
  subscription: 'Subscription',
  subscription_created: 'Subscription started',
  subscription_renewal: 'Subscription renewal',
};

/** A reward's (commission's) state. */
export const REWARD_STATUS_LABELS: Record<RewardStatus, string> = {
  held: 'Held for review',
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** A payout's state. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  ongoing: 'Ongoing',
  successful: 'Successful',
  failed: 'Failed',
};

/** How a conversion was reported. */
export const CREDENTIAL_KIND_LABELS: Record<CredentialKind, string> = {
  secret: 'Server (secret key)',
  publishable: 'Browser (publishable key)',
  user: 'Brand user',
  stripe: 'Stripe',
  paddle: 'Paddle',
  lemonsqueezy: 'Lemon Squeezy',
  shopify: 'Shopify',
};

/** What became of a billing provider's event (Stripe, Paddle, Lemon Squeezy, Shopify logs). */
export const BILLING_EVENT_OUTCOME_LABELS: Record<(typeof BILLING_EVENT_OUTCOMES)[number], string> =
  {
    attributed: 'Attributed',
    ignored: 'Ignored',
    refused: 'Refused',
  };

/** A vocabulary's values as select options named by its label table, in the vocabulary's order. */
export const labelledOptions = <T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): SelectOption[] => values.map((value) => ({ value, label: labels[value] }));
