// The webhooks API as a brand owner uses it, target URLs refused in every private notation, and
// retries: a receiver failing twice then answering 200 gets three attempts with one webhook-id,
// on the configured schedule; five days of failures disable the webhook and tell its owner.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type {
  CreatedWebhookReply,
  ErrorReply,
  NotificationsReply,
  RotatedSecretReply,
  WebhookAttemptReply,
  WebhookDeliveriesReply,
  WebhookListReply,
  WebhookReply,
} from 'contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql.js';
import {
  buildTestApp,
  callApi,
  createTestUser,
  signIn,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import {
  addWebhook,
  campaignWithAdvocate,
  runPipeline,
  startReceiver,
  type Receiver,
} from '../events/test-support.js';
import { isNonPublicAddress, targetUrlProblem } from './target.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), {
  webhooksAllowPrivateUrls: true,
  webhookRetrySchedule: [5_000, 300_000],
});

let receiver: Receiver;
let statuses: number[] = [];
before(async () => {
  receiver = await startReceiver((n) => statuses[n - 1] ?? 200);
});
after(() => receiver.close());

async function later(ms: number, ...actors: Actor[]) {
  t.clock.advance(ms);
  for (const a of actors) a.auth = (await signIn(t.app, a)).auth;
}

const base = () => `brand/${w.brandId}/webhooks/`;

describe('webhooks API', () => {
  it('create answers 201 with the secret once; list, change, rotate and delete; 404 for others', async () => {
    const created = await callApi(t, 'POST', base(), w.owner, {
      url: 'https://hooks.example.com/in',
      events: ['conversion.created', 'payout.paid'],
    });
    assert.equal(created.statusCode, 201, created.body);
    const { webhook, secret } = created.json<CreatedWebhookReply>();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.deepEqual(
      { ...webhook, created_at: undefined },
      {
        id: webhook.id,
        url: 'https://hooks.example.com/in',
        events: ['conversion.created', 'payout.paid'],
        enabled: true,
        disabled_reason: null,
        created_at: undefined,
      },
    );
    const list = (await callApi(t, 'GET', base(), w.owner)).json<WebhookListReply>();
    assert.deepEqual(list, { webhooks: [webhook] });
    assert.equal(JSON.stringify(list).includes('whsec_'), false, 'the secret is shown once');

    const changed = await callApi(t, 'PATCH', `${base()}${webhook.id}/`, w.owner, {
      events: ['advocate.joined'],
      enabled: false,
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(
      [changed.json<WebhookReply>().webhook.events, changed.json<WebhookReply>().webhook.enabled],
      [['advocate.joined'], false],
    );

    const rotated = await callApi(t, 'POST', `${base()}${webhook.id}/rotate-secret/`, w.owner);
    assert.equal(rotated.statusCode, 200);
    const next = rotated.json<RotatedSecretReply>().secret;
    assert.match(next, /^whsec_/);
    assert.notEqual(next, secret);

    for (const [method, url, body] of [
      ['GET', base(), undefined],
      ['POST', base(), { url: 'https://a.example.com/', events: ['payout.paid'] }],
      ['PATCH', `${base()}${webhook.id}/`, { enabled: true }],
      ['POST', `${base()}${webhook.id}/rotate-secret/`, undefined],
      ['GET', `${base()}${webhook.id}/deliveries/`, undefined],
      ['POST', `${base()}${webhook.id}/test/`, undefined],
      ['DELETE', `${base()}${webhook.id}/`, undefined],
    ] as const) {
      const res = await callApi(t, method, url, w.other, body);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.json<ErrorReply>().detail, 'Brand not found');
    }
    const missing = await callApi(t, 'PATCH', `${base()}999/`, w.owner, { enabled: true });
    assert.deepEqual(
      [missing.statusCode, missing.json<ErrorReply>().detail],
      [404, 'Webhook not found'],
    );

    const deleted = await callApi(t, 'DELETE', `${base()}${webhook.id}/`, w.owner);
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual((await callApi(t, 'GET', base(), w.owner)).json(), { webhooks: [] });
    assert.equal((await callApi(t, 'GET', base(), undefined)).statusCode, 401);
  });

  it('400 naming the field: no events, an unknown event, a bad URL, an empty change', async () => {
    const cases: Array<[object, string]> = [
      [{ url: 'https://a.example.com/', events: [] }, 'events'],
      [{ url: 'https://a.example.com/', events: ['payout.lost'] }, 'events'],
      [{ url: 'ftp://a.example.com/', events: ['payout.paid'] }, 'url'],
      [{ url: 'https://user:pw@a.example.com/', events: ['payout.paid'] }, 'url'],
      [{ events: ['payout.paid'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await callApi(t, 'POST', base(), w.owner, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(
        Object.keys(res.json<ErrorReply>().errors ?? {}).some((k) => k.startsWith(field)),
        `${JSON.stringify(body)} → ${res.body}`,
      );
    }
  });
});

describe('target URLs', () => {
  const privateTargets = [
    'http://127.0.0.1/hook',
    'http://127.1/hook',
    'http://0177.0.0.1/hook',
    'http://0x7f.0.0.1/hook',
    'http://0x7f000001/hook',
    'http://2130706433/hook',
    'http://017700000001/hook',
    'http://①②⑦.0.0.1/hook',
    'http://10.0.0.8/hook',
    'http://10.1/hook',
    'http://172.16.5.4/hook',
    'http://192.168.1.1/hook',
    'http://0xc0.0xa8.0x01.0x01/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/hook',
    'http://100.64.0.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::1]/hook',
    'http://localhost/hook',
    'http://localhost./hook',
    'http://app.localhost/hook',
  ];

  it('are refused on save in every notation of a private address (the setting off)', async () => {
    const strict = await buildTestApp(db, { webhooksAllowPrivateUrls: false });
    const owner = { ...w.owner, auth: (await signIn(strict.app, w.owner)).auth };
    for (const url of privateTargets) {
      const res = await callApi(strict, 'POST', base(), owner, { url, events: ['payout.paid'] });
      assert.equal(res.statusCode, 400, url);
      assert.ok(res.json<ErrorReply>().errors?.url, `${url}: ${res.body}`);
    }
    const ok = await callApi(strict, 'POST', base(), owner, {
      url: 'https://hooks.example.com/in',
      events: ['payout.paid'],
    });
    assert.equal(ok.statusCode, 201, ok.body);
    // A public address is a target like any host.
    assert.equal(targetUrlProblem('http://8.8.8.8/hook', false), null);
  });

  it('are checked again at delivery, after DNS resolution', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '169.254.1.1'])
      assert.equal(isNonPublicAddress(address), true, address);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1'])
      assert.equal(isNonPublicAddress(address), false, address);

    // Saved while private targets were allowed, attempted by a server where they are not.
    const created = await addWebhook(t, w.owner, w.brandId, receiver.url, ['payout.paid']);
    const strict = await buildTestApp(db, { webhooksAllowPrivateUrls: false });
    const owner = { ...w.owner, auth: (await signIn(strict.app, w.owner)).auth };
    receiver.received.length = 0;
    const test = await callApi(strict, 'POST', `${base()}${created.webhook.id}/test/`, owner);
    assert.equal(test.statusCode, 200, test.body);
    const attempt = test.json<WebhookAttemptReply>().attempt;
    assert.equal(attempt.status_code, null);
    assert.match(attempt.error ?? '', /not a public address/);
    assert.equal(receiver.received.length, 0, 'nothing was sent');
  });
});

describe('deliveries', () => {
  it('a receiver failing twice then answering 200 gets three attempts with one webhook-id, on schedule', async () => {
    receiver.received.length = 0;
    statuses = [500, 503, 200];
    const { webhook, secret } = await addWebhook(t, w.owner, w.brandId, receiver.url, [
      'advocate.joined',
    ]);
    await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);

    await runPipeline(t);
    assert.equal(receiver.received.length, 1);
    // Not due yet: nothing happens before the first wait (5 s) is over.
    await later(4_000, w.owner);
    await runPipeline(t);
    assert.equal(receiver.received.length, 1);
    await later(1_000, w.owner);
    await runPipeline(t);
    assert.equal(receiver.received.length, 2);
    await later(299_000, w.owner);
    await runPipeline(t);
    assert.equal(receiver.received.length, 2);
    await later(1_000, w.owner);
    await runPipeline(t);
    assert.equal(receiver.received.length, 3);
    await later(86_400_000, w.owner);
    await runPipeline(t);
    assert.equal(receiver.received.length, 3, 'an acknowledged delivery is never sent again');

    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    assert.equal(ids.size, 1);
    const verifier = new Webhook(secret);
    for (const r of receiver.received) verifier.verify(r.body, r.headers as Record<string, string>);
    assert.equal(new Set(receiver.received.map((r) => r.body)).size, 1, 'the same body each time');

    const log = await callApi(t, 'GET', `${base()}${webhook.id}/deliveries/?per_page=2`, w.owner);
    assert.equal(log.statusCode, 200, log.body);
    const page = log.json<WebhookDeliveriesReply>();
    assert.deepEqual(page.meta, { total: 3, page: 1, pages: 2 });
    assert.deepEqual(
      page.results.map((a) => [a.attempt, a.status_code, a.response_body, a.delivery_status]),
      [
        [3, 200, 'thanks', 'succeeded'],
        [2, 503, 'not now', 'succeeded'],
      ],
    );
    assert.equal(page.results[0].next_attempt_at, null);
    assert.equal(page.results[0].event_type, 'advocate.joined');
    assert.equal(page.results[0].message_id, [...ids][0]);
    assert.equal(JSON.parse(page.results[0].payload).type, 'advocate.joined');
    const first = (
      await callApi(t, 'GET', `${base()}${webhook.id}/deliveries/?per_page=2&page=2`, w.owner)
    ).json<WebhookDeliveriesReply>().results[0];
    assert.deepEqual([first.attempt, first.status_code], [1, 500]);
    assert.equal(
      new Date(first.next_attempt_at ?? '').getTime() - new Date(first.attempted_at).getTime(),
      5_000,
    );
    statuses = [];
  });

  it('the schedule spent, the delivery fails; Retry sends it again now with the same id', async () => {
    receiver.received.length = 0;
    statuses = [500, 500, 500, 200];
    const { webhook } = await addWebhook(t, w.owner, w.brandId, receiver.url, ['advocate.joined']);
    await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await runPipeline(t);
    await later(5_000, w.owner);
    await runPipeline(t);
    await later(300_000, w.owner);
    await runPipeline(t);
    await later(86_400_000, w.owner);
    await runPipeline(t);
    assert.equal(receiver.received.length, 3, 'one attempt and two retries');
    const log = (
      await callApi(t, 'GET', `${base()}${webhook.id}/deliveries/`, w.owner)
    ).json<WebhookDeliveriesReply>();
    assert.deepEqual(
      [log.results[0].delivery_status, log.results[0].next_attempt_at],
      ['failed', null],
    );
    const retried = await callApi(
      t,
      'POST',
      `${base()}${webhook.id}/deliveries/${log.results[0].delivery_id}/retry/`,
      w.owner,
    );
    assert.equal(retried.statusCode, 200, retried.body);
    const attempt = retried.json<WebhookAttemptReply>().attempt;
    assert.deepEqual(
      [attempt.attempt, attempt.status_code, attempt.delivery_status],
      [4, 200, 'succeeded'],
    );
    assert.equal(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size, 1);
    const missing = await callApi(
      t,
      'POST',
      `${base()}${webhook.id}/deliveries/999999/retry/`,
      w.owner,
    );
    assert.equal(missing.statusCode, 404);
    statuses = [];
  });

  it('Send test delivers a signed webhook.test event at once', async () => {
    receiver.received.length = 0;
    const { webhook, secret } = await addWebhook(t, w.owner, w.brandId, receiver.url, [
      'payout.paid',
    ]);
    const res = await callApi(t, 'POST', `${base()}${webhook.id}/test/`, w.owner);
    assert.equal(res.statusCode, 200, res.body);
    const attempt = res.json<WebhookAttemptReply>().attempt;
    assert.deepEqual(
      [attempt.event_type, attempt.status_code, attempt.attempt],
      ['webhook.test', 200, 1],
    );
    assert.match(attempt.message_id, /^msg_/);
    const payload = new Webhook(secret).verify(
      receiver.received[0].body,
      receiver.received[0].headers as Record<string, string>,
    ) as { type: string; data: { brand_id: number } };
    assert.deepEqual([payload.type, payload.data.brand_id], ['webhook.test', w.brandId]);
  });

  it('after a rotation both secrets sign for 24 hours, then only the new one', async () => {
    const { webhook, secret: oldSecret } = await addWebhook(t, w.owner, w.brandId, receiver.url, [
      'payout.paid',
    ]);
    const rotated = await callApi(t, 'POST', `${base()}${webhook.id}/rotate-secret/`, w.owner);
    assert.equal(rotated.statusCode, 200, rotated.body);
    const reply = rotated.json<RotatedSecretReply>();
    assert.equal(reply.overlap_hours, 24);
    assert.equal(
      reply.old_secret_signs_until,
      new Date(t.clock().getTime() + 86_400_000).toISOString(),
    );
    /** Sends a test event; which of the two secrets verify what arrived. */
    const verifiedBy = async () => {
      receiver.received.length = 0;
      const res = await callApi(t, 'POST', `${base()}${webhook.id}/test/`, w.owner);
      assert.equal(res.json<WebhookAttemptReply>().attempt.status_code, 200, res.body);
      const [got] = receiver.received;
      return [oldSecret, reply.secret].map((secret) => {
        try {
          new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
    };
    // A receiver still holding the old secret accepts the deliveries (retries included)…
    assert.deepEqual(await verifiedBy(), [true, true]);
    await later(86_400_000 - 60_000, w.owner);
    assert.deepEqual(await verifiedBy(), [true, true]);
    // …until the overlap ends.
    await later(60_000, w.owner);
    assert.deepEqual(await verifiedBy(), [false, true]);
  });

  it('WEBHOOK_SECRET_OVERLAP_HOURS=0: the old secret stops signing at once', async () => {
    const t0 = await buildTestApp(db, {
      webhooksAllowPrivateUrls: true,
      webhookSecretOverlapHours: 0,
    });
    const { webhook, secret: oldSecret } = await addWebhook(t0, w.owner, w.brandId, receiver.url, [
      'payout.paid',
    ]);
    const rotated = await callApi(t0, 'POST', `${base()}${webhook.id}/rotate-secret/`, w.owner);
    assert.deepEqual(
      { ...rotated.json<RotatedSecretReply>(), secret: undefined },
      { secret: undefined, old_secret_signs_until: null, overlap_hours: 0 },
    );
    receiver.received.length = 0;
    await callApi(t0, 'POST', `${base()}${webhook.id}/test/`, w.owner);
    const [got] = receiver.received;
    assert.equal(String(got.headers['webhook-signature']).split(' ').length, 1);
    assert.throws(() =>
      new Webhook(oldSecret).verify(got.body, got.headers as Record<string, string>),
    );
  });

  it('five days of failed deliveries disable the webhook and tell every owner; a success resets the count', async () => {
    // A second owner, who did not create the webhook, is told as well.
    const coOwner = await createTestUser(db, { roles: ['brand_owner'] });
    await db.handle.db.execute(
      sql`insert into brand_members (brand_id, user_id, role, joined_at) values (${w.brandId}, ${coOwner.id}, 'owner', now())`,
    );
    statuses = Array(100).fill(500);
    const { webhook } = await addWebhook(t, w.owner, w.brandId, receiver.url, ['payout.paid']);
    const test = () => callApi(t, 'POST', `${base()}${webhook.id}/test/`, w.owner);
    await test();
    await later(4 * 86_400_000, w.owner);
    await test();
    statuses = [];
    receiver.received.length = 0;
    await test(); // a success: the count starts again
    statuses = Array(100).fill(500);
    receiver.received.length = 0;
    await later(86_400_000, w.owner);
    await test();
    let hook = (await callApi(t, 'GET', base(), w.owner)).json<WebhookListReply>().webhooks[0];
    assert.equal(hook.enabled, true, 'one day of failures since the success');
    await later(5 * 86_400_000, w.owner);
    await test();
    hook = (await callApi(t, 'GET', base(), w.owner)).json<WebhookListReply>().webhooks[0];
    assert.deepEqual(
      [hook.enabled, hook.disabled_reason],
      [false, 'Disabled after 5 days of failed deliveries'],
    );
    const inbox = (
      await callApi(t, 'GET', 'notifications/?kind=webhook', w.owner)
    ).json<NotificationsReply>();
    assert.deepEqual(
      inbox.results.map((n) => [n.title, n.link]),
      [['Webhook disabled', `/brand/brands/${w.brandId}/webhooks`]],
    );
    const coOwnerSession = { id: coOwner.id, auth: (await signIn(t.app, coOwner)).auth };
    const coOwnerInbox = (
      await callApi(t, 'GET', 'notifications/?kind=webhook', coOwnerSession)
    ).json<NotificationsReply>();
    assert.deepEqual(
      coOwnerInbox.results.map((n) => n.title),
      ['Webhook disabled'],
    );
    const [ownerRow] = await rowsOf<{ email: string }>(
      db.handle.db,
      sql`select email from users where id = ${w.owner.id}`,
    );
    const { mailer } = t.app.deps;
    await runPipeline(t);
    const messages = (mailer as unknown as { messages: { subject: string; to: string }[] })
      .messages;
    assert.deepEqual(
      messages.map((m) => [m.subject, m.to]).sort(),
      [
        ['Webhook disabled · Advocately', coOwner.email],
        ['Webhook disabled · Advocately', ownerRow.email],
      ].sort(),
    );
    // Enabling it again starts afresh.
    const enabled = await callApi(t, 'PATCH', `${base()}${webhook.id}/`, w.owner, {
      enabled: true,
    });
    assert.deepEqual(
      [
        enabled.json<WebhookReply>().webhook.enabled,
        enabled.json<WebhookReply>().webhook.disabled_reason,
      ],
      [true, null],
    );
    statuses = [];
  });
});
