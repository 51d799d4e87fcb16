// Reading Stripe's objects across API versions, and Stripe's currency exponents.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripeExponent, stripeToMills } from './currency.js';
import { firstPaymentId, paymentOfInvoice, paymentOfSession, refundOfCharge } from './payloads.js';

const at = { livemode: false, occurredAt: new Date(0) };

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
    }, at);
    assert.ok(typeof payment !== 'string');
    assert.deepEqual(
      [
        payment.kind,
        payment.amount.minor,
        payment.subscriptionId,
        payment.occurredAt.getTime() / 1000,
        payment.transactionId,
        payment.firstPaymentTransactionId,
      ],
      ['renewal', 2000, 'sub_1', 1_900_000_100, 'in_1', 'sub_1:first'],
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
    }, at);
    const session = paymentOfSession({
      id: 'cs_9',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: 1000,
      currency: 'usd',
      subscription: 'sub_9',
    }, at);
    assert.ok(typeof invoice !== 'string' && typeof session !== 'string');
    assert.equal(invoice.transactionId, firstPaymentId('sub_9'));
    assert.equal(session.transactionId, firstPaymentId('sub_9'));
  });

  it('says why it ignores: setup mode, unpaid sessions, invoices without a subscription', () => {
    assert.match(String(paymentOfSession({ id: 'cs', mode: 'setup' }, at)), /no payment/);
    assert.match(
      String(paymentOfSession({ id: 'cs', mode: 'payment', payment_status: 'unpaid' }, at)),
      /not paid yet/,
    );
    assert.match(
      String(paymentOfInvoice({ id: 'in', billing_reason: 'manual', amount_paid: 100 }, at)),
      /not a subscription invoice/,
    );
    assert.match(String(refundOfCharge({ id: 'ch', amount_refunded: 0 }, at)), /no id, amount/);
  });

  it('an upgrade, a manual and a threshold invoice of a subscription are renewals', () => {
    for (const reason of ['subscription_update', 'manual', 'subscription_threshold']) {
      const payment = paymentOfInvoice(
        { id: `in_${reason}`, billing_reason: reason, amount_paid: 1000, currency: 'usd', subscription: 'sub_1' },
        at,
      );
      assert.ok(typeof payment !== 'string');
      assert.equal(payment.kind, 'renewal');
      assert.equal(payment.amount.minor, 1000);
    }
  });
});

describe("Stripe's currency exponents", () => {
  it("zero-decimal, three-decimal and the rest, in the ledger's thousandths (KWD's third decimal kept)", () => {
    assert.deepEqual(['jpy', 'KRW', 'kwd', 'usd', 'isk'].map(stripeExponent), [0, 0, 3, 2, 2]);
    assert.equal(stripeToMills(1500, 'jpy'), 1500000n);
    assert.equal(stripeToMills(12345, 'kwd'), 12345n);
    assert.equal(stripeToMills(12344, 'kwd'), 12344n);
    assert.equal(stripeToMills(999, 'eur'), 9990n);
  });
});
