// The buyer's country read from the providers that give it (groups' rules on country): Stripe's
// Checkout session and invoice, as its API reference shapes them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PaymentFact } from './provider.js';
import { paymentOfInvoice, paymentOfSession } from './stripe/payloads.js';

const at = { livemode: false, occurredAt: new Date('2030-01-01T00:00:00Z') };
const fact = (result: PaymentFact | string): PaymentFact => {
  assert.notEqual(typeof result, 'string', String(result));
  return result as PaymentFact;
};

describe("the buyer's country from Stripe", () => {
  it('a Checkout session: customer_details.address.country, upper case; none when it is not a code', () => {
    const session = (country: unknown) => ({
      id: 'cs_test_1',
      mode: 'payment',
      payment_status: 'paid',
      currency: 'eur',
      amount_total: 4200,
      customer_details: { email: 'buyer@example.com', address: { country } },
    });
    assert.equal(fact(paymentOfSession(session('fr'), at)).country, 'FR');
    assert.equal(fact(paymentOfSession(session('France'), at)).country, null);
    assert.equal(fact(paymentOfSession(session(null), at)).country, null);
  });

  it('an invoice: customer_address.country', () => {
    const invoice = {
      id: 'in_1',
      billing_reason: 'subscription_cycle',
      subscription: 'sub_1',
      currency: 'usd',
      amount_paid: 1000,
      customer_address: { country: 'DE' },
    };
    assert.equal(fact(paymentOfInvoice(invoice, at)).country, 'DE');
  });
});
