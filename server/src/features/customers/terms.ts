// What a conversion with a customer reference means for rewards: the customer is remembered with
// its attribution, a renewal is numbered and paid only within the campaign's recurring_months
// window. Shared by the SDK route and the Stripe webhook.
import type { Database } from '../../db/client.js';
import type { EventType } from '../../db/schema.js';
import { renewalPays } from '../conversions/index.js';
import {
  findCustomer,
  nextRenewalNumber,
  rememberCustomer,
  type CustomerAttribution,
  type CustomerMemory,
} from './repository.js';

/** The SDK's customer reference: its id, else its email (trimmed, lower-cased). */
export function sdkCustomerKey(
  customer: { id?: string | undefined; email?: string | undefined } | undefined,
): string | null {
  const id = customer?.id?.trim();
  if (id) return `id:${id}`;
  const email = customer?.email?.trim().toLowerCase();
  return email ? `email:${email}` : null;
}

/** The remembered attribution of a brand's customer, when it has one. */
export async function customerAttribution(
  db: Database,
  brandId: number,
  customerKey: string,
): Promise<CustomerAttribution | undefined> {
  const row = await findCustomer(db, brandId, customerKey);
  return (
    row && {
      campaignId: row.campaignId,
      advocateId: row.advocateId,
      linkId: row.linkId,
      clickId: row.clickId,
      source: row.source,
    }
  );
}

export interface CustomerTerms {
  /** False for a renewal outside the campaign's recurring_months window: recorded with reward 0. */
  pays: boolean;
  /** For a subscription_renewal: which renewal it is. */
  renewalNumber: number | null;
}

/** The conversion that `customerTerms` and `customerMemory` read. */
interface CustomerConversion {
  brandId: number;
  customerKey: string;
  attribution: CustomerAttribution;
  eventType: EventType;
  value: number;
  /** The payment's time as reported (Stripe's paid_at), else when it was received. */
  paidAt: Date;
  label: string | null;
  at: Date;
}

/**
 * What remembering the customer of this conversion writes: a payment moves its first payment
 * earlier; a sign-up or a value of 0 does not.
 */
export function customerMemory(input: CustomerConversion): CustomerMemory {
  const payment = input.eventType !== 'signup' && input.value > 0;
  return {
    brandId: input.brandId,
    customerKey: input.customerKey,
    attribution: input.attribution,
    label: input.label,
    paidAt: payment ? input.paidAt : null,
    at: input.at,
  };
}

/**
 * Only a renewal's terms depend on the customer's row (its window and its number): any other
 * conversion earns its reward whatever the row holds, so its customer may be remembered after the
 * conversion is stored, in the same statement as other bookkeeping.
 */
export const termsReadCustomer = (eventType: EventType): boolean =>
  eventType === 'subscription_renewal';

/**
 * Remembers the customer (customerMemory) and says whether this conversion earns a reward under
 * recurring_months.
 */
export async function customerTerms(
  db: Database,
  input: CustomerConversion & { recurringMonths: number | null },
): Promise<CustomerTerms> {
  const customer = await rememberCustomer(db, customerMemory(input));
  if (!termsReadCustomer(input.eventType)) return { pays: true, renewalNumber: null };
  return {
    pays: renewalPays(input.recurringMonths, customer.firstPaidAt, input.paidAt),
    renewalNumber: await nextRenewalNumber(db, input.brandId, input.customerKey),
  };
}
