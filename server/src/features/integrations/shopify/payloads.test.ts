// Shopify's documented order and refund shapes → facts: decimal money exact in each currency's
// decimals, 64-bit ids kept whole, hints from note attributes and the landing URL, and the
// adapter's signature check on the raw body.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseKeepingBigIntegers } from '../json.js';
import { BadSignature, type PaymentFact, type RefundFact } from '../provider.js';
import { shopify } from './adapter.js';
import { readShopifyEvent } from './payloads.js';
import { shopifyJson, shopifyOrder, shopifyRefund, shopifySignature } from './samples.js';

const at = new Date('2030-01-01T12:00:00Z');
const read = (body: object, topic: string) =>
  readShopifyEvent(parseKeepingBigIntegers(shopifyJson(body)), topic, 'wh-1');

describe('Shopify payloads', () => {
  it('JSON integers beyond 2^53 stay exact; numbers inside strings and decimals are untouched', () => {
    const parsed = parseKeepingBigIntegers(
      '{"id":820982911946154508,"small":450789469,"neg":-9007199254740993,"price":"199.00","x":1.5e3,"s":"a \\" 820982911946154508"}',
    );
    assert.deepEqual(parsed, {
      id: '820982911946154508',
      small: 450789469,
      neg: '-9007199254740993',
      price: '199.00',
      x: 1500,
      s: 'a " 820982911946154508',
    });
  });

  it('orders/paid: total less tax, the order id whole, codes, and hints from note attributes then landing_site', () => {
    const event = read(
      shopifyOrder({
        orderId: '820982911946154508',
        total: '199.00',
        tax: '19.00',
        noteAttributes: [{ name: 'advocately_cid', value: 'cid-from-cart' }],
        landingSite: '/products/tee?cid=cid-from-url&utm_source=x',
        discountCodes: ['SPRING-ALEX10'],
        at,
      }),
      'orders/paid',
    );
    const fact = event?.facts[0] as PaymentFact;
    assert.equal(fact.kind, 'sale');
    assert.equal(fact.transactionId, '820982911946154508');
    assert.deepEqual(fact.amount, { minor: 18000, currency: 'USD' });
    assert.deepEqual(fact.hints, [
      { clickId: 'cid-from-cart', via: undefined },
      { clickId: 'cid-from-url', via: undefined },
    ]);
    assert.deepEqual(fact.codes, ['SPRING-ALEX10']);
    assert.equal(fact.customerId, '115310627314723954');
    assert.equal(event?.livemode, true);
  });

  it('decimal strings in JPY (no decimals) and KWD (three) convert exactly; a subscription contract order is a renewal', () => {
    const jpy = read(
      shopifyOrder({ orderId: '1', currency: 'JPY', total: '999', at }),
      'orders/paid',
    );
    const kwd = read(
      shopifyOrder({ orderId: '2', currency: 'KWD', total: '12.345', at }),
      'orders/paid',
    );
    assert.deepEqual((jpy?.facts[0] as PaymentFact).amount, { minor: 999, currency: 'JPY' });
    assert.deepEqual((kwd?.facts[0] as PaymentFact).amount, { minor: 12345, currency: 'KWD' });
    const bad = read(
      shopifyOrder({ orderId: '3', currency: 'JPY', total: '999.5', at }),
      'orders/paid',
    );
    assert.equal(bad?.facts.length, 0);
    const renewal = read(
      shopifyOrder({ orderId: '4', total: '10.00', sourceName: 'subscription_contract', at }),
      'orders/paid',
    );
    assert.equal((renewal?.facts[0] as PaymentFact).kind, 'renewal');
  });

  it('refunds/create: the money returned less the tax returned, named by its order', () => {
    const event = read(
      shopifyRefund({
        orderId: '820982911946154508',
        refundId: '509562969',
        amount: '41.94',
        lineTax: '3.98',
        at,
      }),
      'refunds/create',
    );
    const fact = event?.facts[0] as RefundFact;
    assert.equal(fact.kind, 'refund');
    assert.deepEqual(fact.paymentIds, ['820982911946154508']);
    assert.equal(fact.refundId, '509562969');
    assert.deepEqual(fact.amount, { minor: 3796, currency: 'USD' });
    assert.equal(fact.ofMinor, null);
  });

  it('the adapter verifies X-Shopify-Hmac-Sha256 over the exact bytes and takes the delivery id', () => {
    const text = shopifyJson(shopifyOrder({ orderId: '9', total: '5.00', at }));
    const body = Buffer.from(text);
    const headers = {
      'x-shopify-hmac-sha256': shopifySignature(text, 'shpss_key'),
      'x-shopify-topic': 'orders/paid',
      'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    };
    const event = shopify.verify({ body, headers }, 'shpss_key', at);
    assert.equal(event.eventId, 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043');
    assert.equal(event.type, 'orders/paid');
    assert.throws(() => shopify.verify({ body, headers }, 'other_key', at), BadSignature);
    assert.throws(
      () =>
        shopify.verify(
          { body: Buffer.from(text.replace('5.00', '9.00')), headers },
          'shpss_key',
          at,
        ),
      BadSignature,
    );
  });
});
