// Shopify's webhooks as its Admin REST reference shapes them (the order or refund itself, the topic
// in X-Shopify-Topic) → the normalised facts. Money is decimal strings in the shop's currency
// (`currency`; the customer's is `presentment_currency`): "10.00" USD, "999" JPY, "12.345" KWD,
// converted to minor units exactly. Ids are 64-bit integers, read without rounding (json.ts).
import { minorUnits } from '../currency.js';
import { country, idText, list, obj, str, time, type Json } from '../json.js';
import type { AdvocateHint, BillingFact, PaymentFact, VerifiedEvent } from '../provider.js';

/**
 * An amount as Shopify gives it: a decimal string, or a JSON number in some refund fields
 * (`subtotal`, `total_tax` of refund_line_items); the shop-money variant (`*_set.shop_money`) is
 * preferred where it is there, as the order's currency is the shop's.
 */
function money(value: unknown, set: unknown, currency: string): number | undefined {
  const shop = obj(obj(set)?.shop_money);
  const raw = shop?.amount ?? value;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : undefined;
  if (text === undefined) return undefined;
  const negative = text.trim().startsWith('-');
  const minor = minorUnits(negative ? text.trim().slice(1) : text, currency);
  return minor === undefined ? undefined : negative ? -minor : minor;
}

/**
 * The advocate hints of an order, in order: the note attributes the storefront sets on the cart
 * (`advocately_cid`, `advocately_via`, e.g. from the adv_cid cookie by a theme snippet), then the
 * `cid` / `via` of the URL the customer landed on (landing_site).
 */
function hintsOf(order: Json): AdvocateHint[] {
  const hints: AdvocateHint[] = [];
  const note = (name: string) =>
    list(order.note_attributes)
      .map(obj)
      .find((a) => str(a?.name) === name)?.value;
  const fromNotes = { clickId: str(note('advocately_cid')), via: str(note('advocately_via')) };
  if (fromNotes.clickId || fromNotes.via) hints.push(fromNotes);
  const landing = str(order.landing_site);
  if (landing) {
    try {
      const params = new URL(landing, 'https://shop.invalid').searchParams;
      const fromUrl = {
        clickId: params.get('cid') ?? undefined,
        via: params.get('via') ?? undefined,
      };
      if (fromUrl.clickId || fromUrl.via) hints.push(fromUrl);
    } catch {
      // Not a URL: no hint there.
    }
  }
  return hints;
}

/**
 * orders/paid → the sale: what was paid (total_price) less tax, shipping included as in the total.
 * An order a subscription app placed for a contract's next cycle (source_name
 * `subscription_contract`) is a renewal of its customer's subscription.
 */
function payment(order: Json): PaymentFact | string {
  const id = idText(order.id);
  const currency = str(order.currency);
  if (!id || !currency) return 'No order id or currency';
  const total = money(order.total_price, order.total_price_set, currency);
  const tax = money(order.total_tax, order.total_tax_set, currency) ?? 0;
  if (total === undefined) return `No total_price in ${currency}'s decimals`;
  const renewal = str(order.source_name)?.startsWith('subscription_contract') === true;
  const customer = obj(order.customer);
  return {
    kind: renewal ? 'renewal' : 'sale',
    livemode: typeof order.test === 'boolean' ? !order.test : null,
    occurredAt: time(order.processed_at) ?? time(order.created_at) ?? new Date(0),
    transactionId: id,
    relatedIds: [str(order.admin_graphql_api_id)].filter((x): x is string => Boolean(x)),
    amount: { minor: Math.max(0, total - tax), currency },
    customerId: idText(customer?.id) ?? null,
    email: str(order.email) ?? str(customer?.email) ?? null,
    country:
      country(obj(order.billing_address)?.country_code) ??
      country(obj(order.shipping_address)?.country_code) ??
      null,
    subscriptionId: null,
    hints: hintsOf(order),
    codes: list(order.discount_codes)
      .map((d) => str(obj(d)?.code))
      .filter((c): c is string => Boolean(c)),
  };
}

/**
 * refunds/create → one refund, before tax like the sale: the money returned (its successful refund
 * transactions) less the tax returned with it (of the refunded lines and of order adjustments such
 * as a shipping refund). A refund that only restocks returns no money and is no fact.
 */
function refund(r: Json): BillingFact | string {
  const id = idText(r.id);
  const orderId = idText(r.order_id);
  if (!id || !orderId) return 'No refund or order id';
  const transactions = list(r.transactions)
    .map(obj)
    .filter((t): t is Json => str(t?.kind) === 'refund' && str(t?.status) === 'success');
  const currency =
    str(obj(obj(transactions[0]?.amount_set)?.shop_money)?.currency_code) ??
    str(transactions[0]?.currency);
  if (!currency) return 'No money returned';
  let returned = 0;
  for (const t of transactions) {
    const amount = money(t.amount, t.amount_set, currency);
    if (amount === undefined) return `A refund amount not in ${currency}'s decimals`;
    returned += amount;
  }
  let tax = 0;
  for (const line of list(r.refund_line_items).map(obj))
    tax += Math.abs(money(line?.total_tax, line?.total_tax_set, currency) ?? 0);
  for (const adjustment of list(r.order_adjustments).map(obj))
    tax += Math.abs(money(adjustment?.tax_amount, adjustment?.tax_amount_set, currency) ?? 0);
  const minor = returned - tax;
  if (minor <= 0) return 'No money returned';
  return {
    kind: 'refund',
    paymentIds: [orderId],
    refundId: id,
    amount: { minor, currency },
    ofMinor: null,
    cumulative: false,
    livemode: null,
    occurredAt: time(r.processed_at) ?? time(r.created_at) ?? new Date(0),
  };
}

/** A verified webhook (its topic and X-Shopify-Webhook-Id, the delivery's id) → its facts. */
export function readShopifyEvent(
  body: unknown,
  topic: string,
  webhookId: string,
): VerifiedEvent | undefined {
  const data = obj(body);
  if (!data) return undefined;
  const objectId = idText(data.id) ?? null;
  const read = (fact: BillingFact | string): VerifiedEvent =>
    typeof fact === 'string'
      ? { eventId: webhookId, type: topic, objectId, facts: [], ignored: fact }
      : {
          eventId: webhookId,
          type: topic,
          objectId,
          facts: [fact],
          livemode: fact.livemode,
        };
  switch (topic) {
    case 'orders/paid':
      return read(payment(data));
    case 'refunds/create':
      return read(refund(data));
    default:
      return read('Not a topic this integration reads');
  }
}
