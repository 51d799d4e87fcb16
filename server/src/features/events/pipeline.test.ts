// The event pipeline end to end: each business action writes its event (and a rolled-back change
// none), the dispatcher fans it out, and a local receiver gets every one signed as Standard
// Webhooks says (verified with the `standardwebhooks` package), once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { BUSINESS_EVENT_TYPES, type NotificationsReply, type WebhookPayload } from 'contract';
import { rowsOf } from '../../lib/sql.js';
import {
  callApi,
  signIn,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { recordJoinEvent } from './outbox.js';
import {
  addWebhook,
  campaignWithAdvocate,
  runPipeline,
  startReceiver,
  type Receiver,
} from './test-support.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { webhooksAllowPrivateUrls: true });

let receiver: Receiver;
before(async () => {
  receiver = await startReceiver();
});
after(() => receiver.close());

const DAY = 86_400_000;
async function later(ms: number, ...actors: Actor[]) {
  t.clock.advance(ms);
  for (const a of actors) a.auth = (await signIn(t.app, a)).auth;
}

const eventTypes = async () =>
  (
    await rowsOf<{ type: string }>(
      db.handle.db,
      sql`select type from events order by created_at, id`,
    )
  ).map((r) => r.type);

describe('event pipeline', () => {
  it('every action writes its event; each reaches the webhook once, signed, with its typed data', async () => {
    receiver.received.length = 0;
    const { secret } = await addWebhook(t, w.owner, w.brandId, receiver.url, [
      ...BUSINESS_EVENT_TYPES,
    ]);
    await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
      hold_days: 7,
      payout_minimum: 1,
    });
    const { report, refund } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    const approved = await report('order-1');
    const rejected = await report('order-2');
    await report('order-3');
    const review = (action: string, id: number, reason?: string) =>
      callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
        action,
        conversion_ids: [id],
        ...(reason ? { reason } : {}),
      });
    assert.equal((await review('approve', approved.id)).statusCode, 200);
    assert.equal((await review('reject', rejected.id, 'Duplicate order')).statusCode, 200);
    await refund('order-3');
    const method = await callApi(t, 'POST', 'payout-methods/', w.advocate, {
      type: 'paypal',
      paypal_email: 'adv@pay.example',
    });
    assert.equal(method.statusCode, 201, method.body);
    const created = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    assert.equal(created.statusCode, 201, created.body);
    const payoutId = created.json<{ payouts: { id: number }[] }>().payouts[0].id;
    await callApi(t, 'POST', `payout/${payoutId}/sent/`, w.owner);
    assert.equal(
      (await callApi(t, 'POST', `payout/${payoutId}/successful/`, w.owner)).statusCode,
      200,
    );
    // A second payout that fails.
    await later(DAY, w.owner, w.advocate);
    await review('approve', (await report('order-4')).id);
    const second = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    const secondId = second.json<{ payouts: { id: number }[] }>().payouts[0].id;
    await callApi(t, 'POST', `payout/${secondId}/sent/`, w.owner);
    await callApi(t, 'POST', `payout/${secondId}/failed/`, w.owner, { reason: 'Account closed' });

    const expected = [
      'advocate.joined',
      'conversion.created',
      'conversion.created',
      'conversion.created',
      'commission.approved',
      'commission.rejected',
      'conversion.refunded',
      'payout.created',
      'payout.paid',
      'conversion.created',
      'commission.approved',
      'payout.created',
      'payout.failed',
    ];
    // Events of one instant have no order among themselves (their ids are random).
    assert.deepEqual((await eventTypes()).sort(), [...expected].sort());

    await runPipeline(t);
    // Nothing is dispatched or delivered twice.
    await runPipeline(t);
    assert.equal(receiver.received.length, expected.length);
    const verifier = new Webhook(secret);
    const payloads = receiver.received.map(
      (r) => verifier.verify(r.body, r.headers as Record<string, string>) as WebhookPayload,
    );
    assert.deepEqual(payloads.map((p) => p.type).sort(), [...expected].sort());
    const ofType = (type: string) => payloads.filter((p) => p.type === type);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    assert.equal(new Set(ids).size, ids.length, 'one webhook-id per event');
    const eventIds = (await rowsOf<{ id: string }>(db.handle.db, sql`select id from events`)).map(
      (r) => r.id,
    );
    assert.deepEqual(new Set(ids), new Set(eventIds));

    const firstSale =
      ofType('conversion.created').find(
        (p) => (p.data as { conversion: { reference: string } }).conversion.reference === 'order-1',
      ) ?? assert.fail('no order-1');
    assert.deepEqual(
      { ...firstSale.data, campaign: undefined, advocate: undefined },
      {
        brand_id: w.brandId,
        campaign: undefined,
        advocate: undefined,
        conversion: {
          id: approved.id,
          reference: 'order-1',
          event_type: 'purchase',
          value: 100,
          currency: 'USD',
          status: 'pending',
          reported_with: 'secret',
          created_at: (firstSale.data as { conversion: { created_at: string } }).conversion
            .created_at,
        },
        reward: { amount: 6, currency: 'USD', status: 'pending' },
        reason: null,
      },
    );
    const rejectedData = ofType('commission.rejected')[0].data as {
      reason: string;
      reward: { status: string };
    };
    assert.deepEqual(
      [rejectedData.reason, rejectedData.reward.status],
      ['Duplicate order', 'rejected'],
    );
    const failedData = ofType('payout.failed')[0].data as {
      payout: { status: string; failure_reason: string };
    };
    assert.deepEqual(
      [failedData.payout.status, failedData.payout.failure_reason],
      ['failed', 'Account closed'],
    );

    // The drawers: the advocate's and the owner's, each in their own role.
    const advocateInbox = await callApi(t, 'GET', 'notifications/', w.advocate);
    const inbox = advocateInbox.json<NotificationsReply>();
    // Newest first: the second day's four (of one instant, so in no order among themselves).
    assert.deepEqual(
      inbox.results
        .slice(0, 4)
        .map((n) => n.title)
        .sort(),
      ['Commission approved', 'New conversion', 'Payout failed', 'Payout on its way'],
    );
    assert.deepEqual(
      inbox.results.filter((n) => n.title === 'Payout sent').map((n) => [n.body, n.link, n.read]),
      [['Your payout of $6.00 was sent by PayPal.', '/advocate/earnings', false]],
    );
    assert.equal(inbox.unread, inbox.meta.total);
    const ownerInbox = (
      await callApi(t, 'GET', 'notifications/', w.owner)
    ).json<NotificationsReply>();
    const joined = ownerInbox.results.filter((n) => n.kind === 'advocate');
    assert.equal(joined.length, 1);
    assert.match(joined[0].body, /^user\d+ joined Launch\.$/);
    assert.equal(joined[0].link, `/brand/advocates/${w.advocate.id}`);
    assert.equal(ownerInbox.results.filter((n) => n.kind === 'conversion').length, 4);
  });

  it('a change that rolls back announces nothing', async () => {
    receiver.received.length = 0;
    await addWebhook(t, w.owner, w.brandId, receiver.url, ['advocate.joined']);
    const { campaign } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    const before = await eventTypes();
    await assert.rejects(
      db.handle.db.transaction(async (tx) => {
        await recordJoinEvent(tx, {
          brandId: w.brandId,
          advocateId: w.advocate.id,
          campaignId: campaign,
          at: t.clock(),
        });
        throw new Error('the join failed after its event was written');
      }),
      /the join failed/,
    );
    assert.deepEqual(await eventTypes(), before);
    const res = await callApi(t, 'GET', 'notifications/unread-count/', w.owner);
    const unreadBefore = res.json<{ unread: number }>().unread;
    await runPipeline(t);
    assert.equal(receiver.received.length, 1, 'only the real join');
    assert.equal(
      (await callApi(t, 'GET', 'notifications/unread-count/', w.owner)).json<{ unread: number }>()
        .unread,
      unreadBefore + 1,
    );
  });
});
