// Paddle's documented notification shapes → facts, and its signature scheme checked against the
// official SDK's own verifier (Webhooks.isSignatureValid), not only against ours.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeRuntime, Webhooks } from '@paddle/paddle-node-sdk';
import type { PaymentFact, RefundFact } from '../provider.js';
import { readPaddleEvent } from './payloads.js';
import {
  paddleAdjustment,
  paddleSubscriptionCreated,
  paddleTransactionCompleted,
} from './samples.js';
import { isValidPaddleSignature, paddleSignature } from './verify.js';

const at = new Date('2030-01-01T12:00:00Z');
const SECRET = 'pdl_ntfset_01hv8x_secretsecretsecret';

describe('Paddle signatures', () => {
  it('accepts and refuses exactly what the official SDK does', async () => {
    NodeRuntime.initialize();
    const sdk = new Webhooks();
    const body = JSON.stringify(paddleTransactionCompleted({ total: 1000, at }));
    const now = new Date();
    const ts = Math.floor(now.getTime() / 1000);
    const good = paddleSignature(body, SECRET, ts);
    const cases: [string, string, string][] = [
      ['signed', body, good],
      ['other secret', body, paddleSignature(body, 'pdl_ntfset_other', ts)],
      ['body changed', body.replace('1000', '1001'), good],
      ['old timestamp', body, paddleSignature(body, SECRET, ts - 60)],
    ];
    for (const [name, text, header] of cases) {
      const ours = isValidPaddleSignature(Buffer.from(text), header, SECRET, now);
      assert.equal(ours, await sdk.isSignatureValid(text, SECRET, header), name);
    }
    assert.equal(isValidPaddleSignature(Buffer.from(body), good, SECRET, now), true);
    assert.equal(isValidPaddleSignature(Buffer.from(body), undefined, SECRET, now), false);
    assert.equal(isValidPaddleSignature(Buffer.from(body), 'ts=1;h1=zz', SECRET, now), false);
  });

  it('accepts any h1 during a secret rotation', () => {
    const body = Buffer.from('{}');
    const ts = Math.floor(at.getTime() / 1000);
    const rotated = `${paddleSignature(body, 'old', ts)};h1=${paddleSignature(body, SECRET, ts).split('h1=')[1]}`;
    assert.equal(isValidPaddleSignature(body, rotated, SECRET, at), true);
  });
});

describe('Paddle notifications → facts', () => {
  it('a one-off transaction is a sale of its total less tax, with custom_data and discount', () => {
    const e = paddleTransactionCompleted({
      id: 'txn_sale',
      total: 1200,
      tax: 200,
      customData: { advocately_cid: 'abc123' },
      discountId: 'dsc_01spring',
      at,
    });
    const read = readPaddleEvent(e);
    assert.equal(read?.eventId, e.event_id);
    const fact = read?.facts[0] as PaymentFact;
    assert.equal(fact.kind, 'sale');
    assert.equal(fact.transactionId, 'txn_sale');
    assert.deepEqual(fact.amount, { minor: 1000, currency: 'USD' });
    assert.deepEqual(fact.hints, [{ clickId: 'abc123', via: undefined }]);
    assert.deepEqual(fact.codes, ['dsc_01spring']);
    assert.equal(fact.livemode, null);
  });

  it('origins: web checkout of a subscription is its first payment, subscription_recurring a renewal', () => {
    const kinds = (['web', 'subscription_recurring', 'subscription_update'] as const).map(
      (origin) =>
        (
          readPaddleEvent(
            paddleTransactionCompleted({ origin, subscriptionId: 'sub_1', total: 500, at }),
          )?.facts[0] as PaymentFact
        ).kind,
    );
    assert.deepEqual(kinds, ['first_payment', 'renewal', 'renewal']);
  });

  it('zero-decimal and three-decimal amounts are read as Paddle sends them', () => {
    const jpy = readPaddleEvent(paddleTransactionCompleted({ total: 999, currency: 'JPY', at }));
    const kwd = readPaddleEvent(paddleTransactionCompleted({ total: 12345, currency: 'KWD', at }));
    assert.deepEqual((jpy?.facts[0] as PaymentFact).amount, { minor: 999, currency: 'JPY' });
    assert.deepEqual((kwd?.facts[0] as PaymentFact).amount, { minor: 12345, currency: 'KWD' });
  });

  it('approved refund adjustments are refunds before tax; chargebacks are disputes; the rest is ignored', () => {
    const refund = readPaddleEvent(
      paddleAdjustment({ transactionId: 'txn_sale', action: 'refund', subtotal: 400, tax: 80, at }),
    )?.facts[0] as RefundFact;
    assert.equal(refund.kind, 'refund');
    assert.deepEqual(refund.amount, { minor: 400, currency: 'USD' });
    assert.equal(refund.ofMinor, null);
    assert.equal(refund.cumulative, false);
    assert.deepEqual(refund.paymentIds, ['txn_sale']);
    const lost = readPaddleEvent(
      paddleAdjustment({ transactionId: 'txn_sale', action: 'chargeback', subtotal: 1000, at }),
    )?.facts[0];
    assert.deepEqual(lost && lost.kind === 'dispute' && lost.status, 'lost');
    const won = readPaddleEvent(
      paddleAdjustment({
        transactionId: 'txn_sale',
        action: 'chargeback_reverse',
        subtotal: 1000,
        at,
      }),
    )?.facts[0];
    assert.deepEqual(won && won.kind === 'dispute' && won.status, 'won');
    const pending = readPaddleEvent(
      paddleAdjustment({
        transactionId: 'txn_sale',
        action: 'refund',
        status: 'pending_approval',
        subtotal: 400,
        at,
      }),
    );
    assert.equal(pending?.facts.length, 0);
    assert.match(pending?.ignored ?? '', /pending_approval/);
    const credit = readPaddleEvent(
      paddleAdjustment({ transactionId: 'txn_sale', action: 'credit', subtotal: 400, at }),
    );
    assert.equal(credit?.facts.length, 0);
  });

  it("a subscription's custom_data remembers its customer", () => {
    const read = readPaddleEvent(
      paddleSubscriptionCreated({
        id: 'sub_1',
        customerId: 'ctm_1',
        customData: { advocately_via: 'alex' },
        at,
      }),
    );
    const fact = read?.facts[0];
    assert.equal(fact?.kind, 'customer');
    assert.deepEqual(fact?.kind === 'customer' && fact.hints, [
      { clickId: undefined, via: 'alex' },
    ]);
  });

  it('not an event: undefined; an unread type: ignored with why', () => {
    assert.equal(readPaddleEvent({ hello: 'world' }), undefined);
    const read = readPaddleEvent({
      event_id: 'evt_1',
      event_type: 'product.created',
      occurred_at: at.toISOString(),
      data: { id: 'pro_1' },
    });
    assert.deepEqual(read?.facts, []);
    assert.equal(read?.ignored, 'Not an event this integration reads');
  });
});
