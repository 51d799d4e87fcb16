// Reading Stripe's objects across API versions, and Stripe's currency exponents.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripeExponent, stripeToCents } from './currency.js';
import { firstPaymentRef, paymentOfInvoice, paymentOfSession, refundOfCharge } from './payloads.js';

describe('Stripe payloads', () => {
  it('an invoice of the 2025 API versions: subscription under parent.subscription_details, tax in total_taxes', () => {
    const payment = paymentOfInvoice({
      id: 'in_1',
      object: 'invoice',
      amount_paid: 2420,
      billing_reason: 'subscription_cycle',
      currency: 'eur',
      customer: 'cus_1',
      created: 1_900_000_000,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_1', metadata: { advocately_via: 'code1' } },
      },
      status_transitions: { paid_at: 1_900_000_100 },
      total_taxes: [{ amount: 420, tax_behavior: 'exclusive' }],
    });
    assert.ok(typeof payment !== 'string');
    assert.deepEqual(
      [
        payment.eventType,
        payment.amountMinor,
        payment.subscriptionId,
        payment.paidAt,
        payment.conversionRef,
      ],
      ['subscription_renewal', 2000, 'sub_1', 1_900_000_100, 'stripe:in_1'],
    );
    assert.deepEqual(payment.hints[0], { clickId: undefined, via: 'code1' });
  });

  it('the first invoice and the checkout session of a subscription share one reference', () => {
    const invoice = paymentOfInvoice({
      id: 'in_0',
      amount_paid: 1000,
      billing_reason: 'subscription_create',
      currency: 'usd',
      subscription: 'sub_9',
      created: 1,
    });
    const session = paymentOfSession({
      id: 'cs_9',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: 1000,
      currency: 'usd',
      subscription: 'sub_9',
    });
    assert.ok(typeof invoice !== 'string' && typeof session !== 'string');
    assert.equal(invoice.conversionRef, firstPaymentRef('sub_9'));
    assert.equal(session.conversionRef, firstPaymentRef('sub_9'));
  });

  it('says why it ignores: setup mode, unpaid sessions, invoices of other billing reasons, nothing refunded', () => {
    assert.match(String(paymentOfSession({ id: 'cs', mode: 'setup' })), /no payment/);
    assert.match(
      String(paymentOfSession({ id: 'cs', mode: 'payment', payment_status: 'unpaid' })),
      /not paid yet/,
    );
    assert.match(
      String(
        paymentOfInvoice({ id: 'in', billing_reason: 'subscription_update', subscription: 's' }),
      ),
      /billing_reason subscription_update/,
    );
    assert.match(String(refundOfCharge({ id: 'ch', amount: 100, amount_refunded: 0 })), /nothing/);
  });
});

describe("Stripe's currency exponents", () => {
  it("zero-decimal, three-decimal and the rest, in the ledger's hundredths", () => {
    assert.deepEqual(['jpy', 'KRW', 'kwd', 'usd', 'isk'].map(stripeExponent), [0, 0, 3, 2, 2]);
    assert.equal(stripeToCents(1500, 'jpy'), 150000n);
    assert.equal(stripeToCents(12345, 'kwd'), 1235n);
    assert.equal(stripeToCents(12344, 'kwd'), 1234n);
    assert.equal(stripeToCents(999, 'eur'), 999n);
  });
});
