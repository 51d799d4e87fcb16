// What a verified billing event's facts become, for every provider alike: a payment becomes a
// conversion attributed like any other (click id, metadata hints, an advocate's code, the
// customer's remembered advocate) and rewarded by the campaign's rules, with the fraud rules'
// holds; a refund, a failed refund or a dispute moves the sale's reward through the ledger (kept
// until its sale arrives when it comes first); a customer is remembered with its advocate.
// Every outcome is recorded against the event in the provider's log, in one statement with what
// the event leaves besides money (the customer remembered, the provider ids linked).
import { LIMITS, moneyText, type CredentialKind } from 'contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { EventType } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { rowsOf } from '../../lib/sql.js';
import { integrationActor } from '../audit/index.js';
import { findCampaign } from '../campaigns/index.js';
import { attribute, type Attribution } from '../conversions/attribution.js';
import { findConversionByRef, insertConversion } from '../conversions/repository.js';
import { eventReward, millsText, toMills } from '../conversions/rewards.js';
import {
  customerAttribution,
  customerMemory,
  customerTerms,
  findCustomer,
  markSubscriptionEnded,
  maskEmail,
  rememberCustomerStatement,
  sdkCustomerKey,
  termsReadCustomer,
  type CustomerAttribution,
  type CustomerMemory,
} from '../customers/index.js';
import { holdReasons, type FraudHashes } from '../fraud/index.js';
import { campaignEnded, findLinkFor } from '../joins/index.js';
import { settleConversion } from '../ledger/index.js';
import { rewardTerms } from '../groups/index.js';
import type { ClickBuffer, ShareLinkResolver } from '../redirects/index.js';
import { isCurrencyCode, millsToAmount, millsToMinor, minorToMills } from './currency.js';
import type {
  AdvocateHint,
  BillingFact,
  BillingProvider,
  CustomerFact,
  DisputeFact,
  EventLogEntry,
  PaymentFact,
  RefundFact,
  RefundFailedFact,
  VerifiedEvent,
} from './provider.js';
import { conversionRefOf, LINK_PREFIX, linkObjectsStatement, linkTargetsOf } from './store.js';

export interface ApplyDeps {
  db: Database;
  shareLinks: ShareLinkResolver;
  clicks: ClickBuffer;
  clock: () => Date;
  /** The keyed hashes the fraud rules compare (the customer's email). */
  hashes: FraudHashes;
}

export interface EventResult {
  outcome: EventLogEntry['outcome'];
  detail: string;
  objectId: string | null;
  conversionId: number | null;
}

/** The event's result, and whether its id was new (false: a redelivery, already recorded). */
export interface HandledEvent {
  result: EventResult;
  first: boolean;
}

/** What the event leaves besides money, written with its log entry. */
interface Bookkeeping {
  customer?: CustomerMemory | undefined;
  /** Provider ids that paid the conversion `conversionRef` (a later refund names one). */
  objects?: { ids: readonly string[]; conversionRef: string } | undefined;
}

interface Outcome {
  result: EventResult;
  keep?: Bookkeeping | undefined;
}

interface Ctx {
  deps: ApplyDeps;
  provider: BillingProvider;
  brandId: number;
  objectId: string | null;
}

const ignored = (detail: string, objectId: string | null, conversionId: number | null = null) => ({
  result: { outcome: 'ignored' as const, detail, objectId, conversionId },
});
const attributed = (
  detail: string,
  objectId: string | null,
  conversionId: number | null = null,
) => ({
  result: { outcome: 'attributed' as const, detail, objectId, conversionId },
});

const customerKeyOf = (provider: BillingProvider, id: string) =>
  provider.customerKey ? provider.customerKey(id) : `${provider.name}:${id}`;
export const conversionRefFor = (provider: BillingProvider, transactionId: string) =>
  `${provider.name}:${transactionId}`;

type Campaign = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;
type Found = CustomerAttribution & { productId: number | null; how: string; campaign?: Campaign };

/** A click id or share code of this brand's links → its attribution; undefined when it names none. */
async function fromHint(
  ctx: Ctx,
  hint: AdvocateHint,
): Promise<(Attribution & { campaign: Campaign }) | undefined> {
  const { deps, brandId } = ctx;
  for (const [clickId, via] of [
    [hint.clickId, undefined],
    [undefined, hint.via],
  ] as const) {
    if (!clickId && !via) continue;
    try {
      const found = await attribute(
        { db: deps.db, shareLinks: deps.shareLinks, clicks: deps.clicks },
        { clickId, via, mayReport: (campaign) => campaign.brandId === brandId },
      );
      const campaign = await findCampaign(deps.db, found.campaignId);
      if (campaign?.brandId === brandId) return { ...found, campaign };
    } catch (err) {
      // An unknown or foreign click id or code is just not this hint's advocate: try the next.
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return undefined;
}

/** The advocate a code was given to, as an attribution. */
async function fromCodes(ctx: Ctx, codes: readonly string[]): Promise<Found | undefined> {
  const owner = codes.length > 0 && (await ctx.provider.codeOwner(ctx.deps.db, ctx.brandId, codes));
  if (!owner) return undefined;
  const link = await findLinkFor(ctx.deps.db, owner.advocateId, owner.campaignId, null);
  return {
    ...owner,
    productId: null,
    linkId: link?.id ?? null,
    clickId: null,
    source: 'direct',
    how: ctx.provider.codeName ?? 'discount code',
  };
}

/**
 * The payment's advocate, in order: its hints (the click id first, then metadata), a code the
 * brand gave an advocate, and last the customer's remembered advocate.
 */
async function attributionOf(ctx: Ctx, payment: PaymentFact): Promise<Found | undefined> {
  for (const [index, hint] of payment.hints.entries()) {
    const found = await fromHint(ctx, hint);
    if (found)
      return { ...found, how: index === 0 && hint.clickId && !hint.via ? 'click id' : 'metadata' };
  }
  const coded = await fromCodes(ctx, payment.codes);
  if (coded) return coded;
  // The customer as the provider knows it, then as the SDK may have reported it (a sign-up sent
  // with the provider's customer id as customer.id, or with the email).
  const keys = [
    payment.customerId && customerKeyOf(ctx.provider, payment.customerId),
    payment.customerId && sdkCustomerKey({ id: payment.customerId }),
    payment.email && sdkCustomerKey({ email: payment.email }),
  ];
  for (const key of keys) {
    if (!key) continue;
    const remembered = await customerAttribution(ctx.deps.db, ctx.brandId, key);
    if (remembered) return { ...remembered, productId: null, how: 'customer' };
  }
  return undefined;
}

const EVENT_TYPES: Record<PaymentFact['kind'], EventType> = {
  sale: 'purchase',
  first_payment: 'subscription_created',
  renewal: 'subscription_renewal',
};

/** The payment as already recorded (another event of it, or an earlier delivery), or undefined. */
async function alreadyRecorded(
  ctx: Ctx,
  payment: PaymentFact,
  ref: string,
): Promise<Outcome | undefined> {
  const existing = await findConversionByRef(ctx.deps.db, ctx.brandId, ref);
  if (!existing) return undefined;
  // Refunds kept for it are applied (again: the delivery that recorded it may have stopped short).
  await attachWaitingAdjustments(ctx, ref, [payment.transactionId, ...payment.relatedIds]);
  return {
    ...ignored(
      `The same payment as conversion #${existing.id}, already recorded`,
      ctx.objectId,
      existing.id,
    ),
    keep: {
      // The transaction id itself needs no link: the conversion ref is made of it (saleOf).
      objects: { ids: payment.relatedIds, conversionRef: ref },
      customer:
        existing.customerKey === null
          ? undefined
          : customerMemory({
              brandId: ctx.brandId,
              customerKey: existing.customerKey,
              attribution: existing,
              eventType: existing.eventType,
              value: existing.value,
              paidAt: payment.occurredAt,
              label: maskEmail(payment.email),
              at: ctx.deps.clock(),
            }),
    },
  };
}

/**
 * A renewal of a subscription whose first payment was never recorded (its first invoice was free:
 * a trial) is the subscription's first payment, recorded under the first payment's id.
 */
async function asFirstPayment(ctx: Ctx, payment: PaymentFact): Promise<PaymentFact> {
  const first = payment.firstPaymentTransactionId;
  if (payment.kind !== 'renewal' || !first) return payment;
  const { db } = ctx.deps;
  const asFirst: PaymentFact = {
    ...payment,
    kind: 'first_payment',
    transactionId: first,
    relatedIds: [payment.transactionId, ...payment.relatedIds],
  };
  const firstRef = conversionRefFor(ctx.provider, first);
  if (await findConversionByRef(db, ctx.brandId, firstRef)) {
    // This very payment may be the one recorded as the first (a redelivery of the invoice that
    // ended a trial): it is that conversion again, not a renewal of it.
    const self = await conversionRefOf(db, ctx.brandId, ctx.provider.name, [payment.transactionId]);
    return self === firstRef ? asFirst : payment;
  }
  if (await saleOf(ctx, [first])) return payment;
  // The provider names the first payment only through a link, and none is recorded (the event
  // that makes it was not received): a customer remembered with a payment has paid its first
  // one; a customer remembered only by a free checkout (a trial) has not.
  if (payment.firstPaymentLinked && payment.customerId) {
    const linked = await linkTargetsOf(db, ctx.brandId, ctx.provider.name, [first]);
    const customer =
      linked.length === 0 &&
      (await findCustomer(db, ctx.brandId, customerKeyOf(ctx.provider, payment.customerId)));
    if (customer && customer.firstPaidAt !== null) return payment;
  }
  return asFirst;
}

async function applyPayment(ctx: Ctx, reported: PaymentFact): Promise<Outcome> {
  const { deps, brandId, provider, objectId } = ctx;
  const { db } = deps;
  const now = deps.clock();
  const payment = await asFirstPayment(ctx, reported);
  const ref = conversionRefFor(provider, payment.transactionId);
  const ignoredUnlessRecorded = async (detail: string) =>
    (await alreadyRecorded(ctx, payment, ref)) ?? ignored(detail, objectId);
  if (!isCurrencyCode(payment.amount.currency))
    return ignoredUnlessRecorded('No ISO 4217 currency');
  const currency = payment.amount.currency.toUpperCase();
  const valueMills = minorToMills(payment.amount.minor, currency);
  if (valueMills > toMills(LIMITS.moneyMax))
    return ignoredUnlessRecorded(`Amount above ${LIMITS.moneyMax}: not recorded`);
  const value = millsToAmount(valueMills);

  const found = await attributionOf(ctx, payment);
  if (!found)
    return ignoredUnlessRecorded(
      'No advocate: no click id, advocately_cid/advocately_via metadata, assigned code or known customer',
    );
  const campaign = found.campaign ?? (await findCampaign(db, found.campaignId));
  if (!campaign || campaign.brandId !== brandId)
    return ignoredUnlessRecorded("The advocate's campaign is not this brand's");
  if (campaign.status === 'cancelled')
    return ignoredUnlessRecorded(`Campaign "${campaign.title ?? campaign.id}" was cancelled`);

  const eventType = EVENT_TYPES[payment.kind];
  const customerKey = payment.customerId
    ? customerKeyOf(provider, payment.customerId)
    : payment.email
      ? sdkCustomerKey({ email: payment.email })
      : null;
  // A payment of 0 (a free trial's checkout or invoice) is no sale: its customer is remembered
  // with the advocate, so the first paid invoice is the subscription's first payment.
  if (valueMills <= 0n) {
    const free = ignored('Nothing paid (0): not a sale', objectId);
    if (!customerKey) return free;
    return {
      result: {
        ...free.result,
        detail: `${free.result.detail}; customer remembered by ${found.how}`,
      },
      keep: {
        customer: {
          brandId,
          customerKey,
          attribution: found,
          label: maskEmail(payment.email),
          paidAt: null,
          at: now,
        },
      },
    };
  }
  const customer = customerKey && {
    brandId,
    customerKey,
    attribution: found,
    eventType,
    value,
    paidAt: payment.occurredAt,
    label: maskEmail(payment.email),
    at: now,
  };
  // A renewal's terms read the customer's row, so it is remembered first; any other payment's
  // customer is remembered with the event, after the conversion.
  const terms =
    customer && termsReadCustomer(eventType)
      ? await customerTerms(db, { ...customer, recurringMonths: campaign.recurringMonths })
      : { pays: true, renewalNumber: null };
  const ids = [payment.transactionId, ...payment.relatedIds];
  const keep: Bookkeeping = {
    objects: { ids: payment.relatedIds, conversionRef: ref },
    customer: customer && !termsReadCustomer(eventType) ? customerMemory(customer) : undefined,
  };
  const active = campaign.status === 'active' && !campaignEnded(campaign, now);
  // The advocate's group and the order's facts choose the rule (features/groups).
  const reward = await rewardTerms(db, {
    brandId,
    advocateId: found.advocateId,
    campaign,
    eventType,
    productId: found.productId,
    country: payment.country ?? null,
    customerKey,
    value,
    currency,
  });
  const wanted = active && terms.pays ? eventReward(reward.rule, eventType, value, currency) : 0n;
  // The brand's fraud rules hold the reward for a person, as from any source.
  const held = await holdReasons(db, undefined, {
    brandId,
    campaignId: campaign.id,
    advocateId: found.advocateId,
    reportedWith: provider.name as CredentialKind,
    clickId: found.clickId,
    visitorHash:
      'visitorHash' in found && typeof found.visitorHash === 'string' ? found.visitorHash : null,
    clientHash: null,
    customerEmail: payment.email ?? null,
    now,
  });
  const created = await insertConversion(
    db,
    {
      brandId,
      campaignId: campaign.id,
      advocateId: found.advocateId,
      productId: found.productId,
      linkId: found.linkId,
      clickId: found.clickId,
      source: found.source,
      conversionRef: ref,
      eventType,
      value,
      currency,
      // The provider's name: the database accepts each provider (migration 0022).
      reportedWith: provider.name as CredentialKind,
      sessionId: null,
      // As the SDK stores it, so the fraud rules see the same customer whichever way it came.
      customerEmailHash: payment.email ? deps.hashes.email(payment.email) : null,
      customerKey,
      renewalNumber: terms.renewalNumber,
      createdAt: now,
      customerCountry: payment.country ?? null,
      rewardHoldDays: reward.holdDays,
    },
    wanted,
    campaign.budgetLimit !== null,
    held,
  );
  if (!created)
    return (
      (await alreadyRecorded(ctx, payment, ref)) ?? {
        ...ignored('The same payment, already recorded', objectId),
        keep,
      }
    );
  // A refund or dispute that came before its sale is applied now.
  const kept = await attachWaitingAdjustments(ctx, ref, ids);
  const what =
    eventType === 'subscription_renewal'
      ? `Renewal${terms.renewalNumber ? ` #${terms.renewalNumber}` : ''}`
      : eventType === 'subscription_created'
        ? 'Subscription (first payment)'
        : 'Purchase';
  const why = !terms.pays
    ? " (outside the campaign's recurring_months: reward 0)"
    : !active
      ? ' (campaign not active: reward 0)'
      : '';
  return {
    ...attributed(
      `${what} of ${moneyText(millsText(valueMills), currency)} ${currency} by ${found.how}: reward ${moneyText(
        created.rewardAmount,
        currency,
      )} ${currency}${why}${kept ? `; ${kept}` : ''}`,
      objectId,
      created.id,
    ),
    keep,
  };
}

// ---- Refunds and disputes -------------------------------------------------------------------

type AdjustmentKind = 'refund_total' | 'refund' | 'dispute';
type AdjustmentState = 'applied' | 'failed' | 'opened' | 'won' | 'lost';

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * Keeps a refund or dispute as reported: the newest report of each (by the provider's time)
 * wins, so deliveries in any order leave the same row.
 */
async function keepAdjustment(
  ctx: Ctx,
  a: {
    id: string;
    kind: AdjustmentKind;
    state: AdjustmentState;
    paymentIds: readonly string[];
    conversionRef: string | undefined;
    amountMinor: number;
    ofMinor: number | null;
    currency: string | null;
    occurredAt: Date;
  },
): Promise<void> {
  await ctx.deps.db.execute(sql`
    insert into billing_adjustments as t (brand_id, provider, adjustment_id, kind, state, payment_ids,
      conversion_ref, amount_minor, of_minor, currency, occurred_at, received_at)
    values (${ctx.brandId}::integer, ${ctx.provider.name}::text, ${a.id.slice(0, 255)}::varchar,
      ${a.kind}::text, ${a.state}::text, ${textArray(a.paymentIds)}, ${a.conversionRef ?? null}::varchar,
      ${Math.trunc(a.amountMinor)}::bigint, ${a.ofMinor === null ? null : Math.trunc(a.ofMinor)}::bigint,
      ${a.currency?.toUpperCase() ?? null}::varchar, ${a.occurredAt.toISOString()}::timestamptz,
      ${ctx.deps.clock().toISOString()}::timestamptz)
    on conflict (brand_id, provider, adjustment_id) do update set
      conversion_ref = coalesce(t.conversion_ref, excluded.conversion_ref),
      payment_ids = array(select distinct unnest(t.payment_ids || excluded.payment_ids)),
      of_minor = coalesce(excluded.of_minor, t.of_minor),
      currency = coalesce(excluded.currency, t.currency),
      state = case when excluded.occurred_at >= t.occurred_at then excluded.state else t.state end,
      amount_minor = case when excluded.occurred_at >= t.occurred_at and excluded.state <> 'failed'
        then excluded.amount_minor else t.amount_minor end,
      occurred_at = greatest(t.occurred_at, excluded.occurred_at)`);
}

/** The refunds and disputes kept for ids of a sale just recorded: tied to it and applied. */
async function attachWaitingAdjustments(
  ctx: Ctx,
  ref: string,
  ids: readonly string[],
): Promise<string | undefined> {
  const rows = await rowsOf<{ adjustment_id: string }>(
    ctx.deps.db,
    sql`update billing_adjustments set conversion_ref = ${ref}::varchar
      where brand_id = ${ctx.brandId}::integer and provider = ${ctx.provider.name}::text
        and conversion_ref is null
        -- The sale's ids, and those tied to it by a link (a charge named by its invoice's payment).
        and payment_ids && (${textArray(ids)} || array(select object_id from billing_objects
          where brand_id = ${ctx.brandId}::integer and provider = ${ctx.provider.name}::text
            and conversion_ref = any(${textArray(ids.map((id) => `${LINK_PREFIX}${id}`))})))
      returning adjustment_id`,
  );
  if (rows.length === 0) return undefined;
  const settled = await settle(ctx, ref, 'reported before its sale');
  return settled.found ? `${rows.length} earlier refund or dispute report(s) applied` : undefined;
}

interface AdjustmentRow {
  adjustment_id: string;
  kind: AdjustmentKind;
  state: AdjustmentState;
  amount_minor: string;
  of_minor: string | null;
  occurred_at: string | Date;
}

/**
 * The sale's refunded share and dispute state from its kept reports: a running total (the newest)
 * less the refunds that failed after it, else the sum of the single refunds that stand; a lost
 * dispute refunds it all; an open one holds the reward.
 */
export function refundedShareOf(
  rows: readonly AdjustmentRow[],
  /** The sale's recorded amount in minor units: the total when no report carries one. */
  saleMinor: bigint,
): { amount: bigint; of: bigint; disputeOpen: boolean } {
  const time = (r: AdjustmentRow) => new Date(r.occurred_at).getTime();
  const totals = rows.filter((r) => r.kind === 'refund_total').sort((a, b) => time(b) - time(a));
  const singles = rows.filter((r) => r.kind === 'refund');
  const latest = totals[0];
  let amount = latest
    ? BigInt(latest.amount_minor) -
      singles
        .filter((r) => r.state === 'failed' && time(r) > time(latest))
        .reduce((sum, r) => sum + BigInt(r.amount_minor), 0n)
    : singles.filter((r) => r.state === 'applied').reduce((s, r) => s + BigInt(r.amount_minor), 0n);
  const reported = rows.reduce((max, r) => {
    const v = r.of_minor === null ? 0n : BigInt(r.of_minor);
    return v > max ? v : max;
  }, 0n);
  const of = reported > 0n ? reported : saleMinor;
  const disputes = rows.filter((r) => r.kind === 'dispute');
  if (disputes.some((d) => d.state === 'lost')) amount = of > 0n ? of : 1n;
  if (amount < 0n) amount = 0n;
  return {
    amount: of > 0n && amount > of ? of : amount,
    of: of > 0n ? of : 1n,
    disputeOpen: disputes.some((d) => d.state === 'opened'),
  };
}

/** Brings the sale `ref` to what its kept refunds and disputes leave of it. */
async function settle(ctx: Ctx, ref: string, why: string) {
  const rows = await rowsOf<AdjustmentRow>(
    ctx.deps.db,
    sql`select adjustment_id, kind, state, amount_minor, of_minor, occurred_at from billing_adjustments
      where brand_id = ${ctx.brandId}::integer and conversion_ref = ${ref}::varchar`,
  );
  const sale = await findConversionByRef(ctx.deps.db, ctx.brandId, ref);
  const share = refundedShareOf(rows, sale ? millsToMinor(toMills(sale.value), sale.currency) : 0n);
  return settleConversion(ctx.deps.db, {
    brandId: ctx.brandId,
    conversionRef: ref,
    refunded: { amount: share.amount, of: share.of },
    monotonic: false,
    disputeOpen: rows.some((r) => r.kind === 'dispute') ? share.disputeOpen : undefined,
    actorId: null,
    reason: `${ctx.provider.label}: ${why}`,
    now: ctx.deps.clock(),
    // A change to money: recorded in the audit log, in the same transaction, as the provider's.
    audit: integrationActor(ctx.provider.label),
  });
}

/**
 * The sale a refund, a dispute or a renewal names, if recorded: a provider id linked to it, its
 * transaction, or the transaction a link written before that payment arrived names.
 */
async function saleOf(ctx: Ctx, paymentIds: readonly string[]): Promise<string | undefined> {
  const { db } = ctx.deps;
  const linked = await conversionRefOf(db, ctx.brandId, ctx.provider.name, paymentIds);
  if (linked) return linked;
  const targets = await linkTargetsOf(db, ctx.brandId, ctx.provider.name, paymentIds);
  for (const id of [...paymentIds, ...targets]) {
    const ref = conversionRefFor(ctx.provider, id);
    if (await findConversionByRef(ctx.deps.db, ctx.brandId, ref)) return ref;
  }
  return undefined;
}

async function applyAdjustment(
  ctx: Ctx,
  fact: RefundFact | RefundFailedFact | DisputeFact,
): Promise<Outcome> {
  const ref = await saleOf(ctx, fact.paymentIds);
  const label = fact.paymentIds[0] ?? ctx.objectId ?? '';
  if (fact.kind === 'refund') {
    if (fact.ofMinor !== null && fact.ofMinor <= 0)
      return ignored('No amount for the refunded payment', ctx.objectId);
    await keepAdjustment(ctx, {
      id: fact.cumulative ? `total:${label}` : (fact.refundId ?? `total:${label}`),
      kind: fact.cumulative ? 'refund_total' : 'refund',
      state: 'applied',
      paymentIds: fact.paymentIds,
      conversionRef: ref,
      amountMinor: fact.amount.minor,
      ofMinor: fact.ofMinor,
      currency: fact.amount.currency,
      occurredAt: fact.occurredAt,
    });
  } else if (fact.kind === 'refund_failed') {
    await keepAdjustment(ctx, {
      id: fact.refundId,
      kind: 'refund',
      state: 'failed',
      paymentIds: fact.paymentIds,
      conversionRef: ref,
      amountMinor: fact.amount.minor,
      ofMinor: null,
      currency: fact.amount.currency,
      occurredAt: fact.occurredAt,
    });
  } else {
    await keepAdjustment(ctx, {
      id: fact.disputeId,
      kind: 'dispute',
      state: fact.status,
      paymentIds: fact.paymentIds,
      conversionRef: ref,
      amountMinor: 0,
      ofMinor: null,
      currency: null,
      occurredAt: fact.occurredAt,
    });
  }
  const what =
    fact.kind === 'refund'
      ? `Refund of ${label}`
      : fact.kind === 'refund_failed'
        ? `Failed refund ${fact.refundId}`
        : `Dispute ${fact.disputeId} ${fact.status}`;
  if (!ref)
    return ignored(
      `${what} kept: no sale recorded for it yet (applied when it arrives)`,
      ctx.objectId,
    );
  const outcome = await settle(ctx, ref, what);
  if (!outcome.found)
    return ignored(
      `${what} kept: no sale recorded for it yet (applied when it arrives)`,
      ctx.objectId,
    );
  const detail = outcome.duplicate
    ? `${what}: already applied`
    : `${what}: reward now ${moneyText(outcome.netReward, outcome.currency)} (${outcome.rewardStatus})${
        outcome.clawback !== null
          ? `, clawback ${moneyText(outcome.clawback, outcome.currency)} in payouts`
          : ''
      }`;
  return outcome.duplicate
    ? ignored(detail, ctx.objectId, outcome.conversionId)
    : attributed(detail, ctx.objectId, outcome.conversionId);
}

// ---- Customers ------------------------------------------------------------------------------

async function applyCustomer(ctx: Ctx, fact: CustomerFact): Promise<Outcome> {
  let found: (CustomerAttribution & { how: string }) | undefined;
  for (const hint of fact.hints) {
    const hinted = await fromHint(ctx, hint);
    if (hinted) {
      found = { ...hinted, how: 'metadata' };
      break;
    }
  }
  found ??= await fromCodes(ctx, fact.codes);
  if (!found)
    return ignored(
      fact.codes.length > 0
        ? 'The code was given to no advocate'
        : 'No advocately_cid/advocately_via metadata naming a link of this brand',
      ctx.objectId,
    );
  return {
    ...attributed(`Customer remembered with its advocate (by ${found.how})`, ctx.objectId),
    keep: {
      customer: {
        brandId: ctx.brandId,
        customerKey: customerKeyOf(ctx.provider, fact.customerId),
        attribution: found,
        label: maskEmail(fact.email),
        paidAt: null,
        at: ctx.deps.clock(),
      },
    },
  };
}

async function applyFact(ctx: Ctx, fact: BillingFact): Promise<Outcome> {
  switch (fact.kind) {
    case 'sale':
    case 'first_payment':
    case 'renewal':
      return applyPayment(ctx, fact);
    case 'refund':
    case 'refund_failed':
    case 'dispute':
      return applyAdjustment(ctx, fact);
    case 'customer':
      return applyCustomer(ctx, fact);
    case 'subscription_ended': {
      const known = await markSubscriptionEnded(
        ctx.deps.db,
        ctx.brandId,
        customerKeyOf(ctx.provider, fact.customerId),
        ctx.deps.clock(),
      );
      return known
        ? attributed('Subscription cancelled: no more renewals expected', ctx.objectId)
        : ignored('A customer no advocate brought', ctx.objectId);
    }
    case 'payment_link': {
      // Ids tied to a payment (a charge to its invoice): a refund naming one finds the sale,
      // whichever of the two events came first.
      const ref = await saleOf(ctx, [fact.paymentId]);
      const kept = ref ? await attachWaitingAdjustments(ctx, ref, fact.ids) : undefined;
      return {
        ...ignored(
          `Payment ${fact.paymentId} noted for its refunds${kept ? `; ${kept}` : ''}`,
          ctx.objectId,
        ),
        keep: {
          objects: { ids: fact.ids, conversionRef: ref ?? `${LINK_PREFIX}${fact.paymentId}` },
        },
      };
    }
  }
}

/**
 * Applies one verified event of the brand's account and records it. Applying is idempotent (one
 * conversion per payment, refunds and disputes to the state reported), so a redelivery is simply
 * applied again and told apart when its id is recorded: no read of the event log on the way in.
 */
export async function applyVerifiedEvent(
  deps: ApplyDeps,
  provider: BillingProvider,
  brandId: number,
  event: VerifiedEvent,
): Promise<HandledEvent> {
  const ctx: Ctx = { deps, provider, brandId, objectId: event.objectId };
  const outcomes: Outcome[] = [];
  for (const fact of event.facts) outcomes.push(await applyFact(ctx, fact));
  const main = outcomes.find((o) => o.result.outcome === 'attributed') ?? outcomes[0];
  const result: EventResult = main?.result ?? {
    outcome: 'ignored',
    detail: event.ignored ?? 'Not an event this integration reads',
    objectId: event.objectId,
    conversionId: null,
  };
  const bookkeeping: SQL[] = [];
  outcomes.forEach(({ keep }, index) => {
    if (keep?.customer)
      bookkeeping.push(
        sql`${sql.raw(`customer${index}`)} as (${rememberCustomerStatement(keep.customer)})`,
      );
    const link =
      keep?.objects &&
      linkObjectsStatement(brandId, provider.name, keep.objects.ids, keep.objects.conversionRef);
    if (link) bookkeeping.push(sql`${sql.raw(`objects${index}`)} as (${link})`);
  });
  const first = await provider.recordEvent(
    deps.db,
    {
      brandId,
      eventId: event.eventId,
      type: event.type,
      objectId: result.objectId,
      outcome: result.outcome,
      detail: result.detail,
      conversionId: result.conversionId,
      livemode: event.livemode ?? null,
      at: deps.clock(),
    },
    bookkeeping,
  );
  return { result, first };
}
