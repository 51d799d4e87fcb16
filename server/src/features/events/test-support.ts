// Test support for the event pipeline: a local webhook receiver, a brand with a campaign an
// advocate has joined, and one call that runs the pipeline's jobs as the server's timers would.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatedWebhookReply, TwoFactorSetupReply } from 'contract';
import {
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type Actor,
  type TestApp,
} from '../../test/helpers.js';
import { sendDueEmails } from '../emails/index.js';
import { totpAt } from '../two-factor/totp.js';
import { deliverDueWebhooks, webhookWorkerContext } from '../webhooks/index.js';
import { dispatchEvents } from './dispatcher.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when it arrived. */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A local HTTP receiver; `status(n)` is the status of the n-th request (1-based), answered
 * `delayMs` after the request arrived (a receiver doing its work).
 */
export async function startReceiver(
  status: (n: number) => number = () => 200,
  delayMs = 0,
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: performance.now(),
      });
      const code = status(received.length);
      setTimeout(() => {
        res.writeHead(code, { 'content-type': 'text/plain' });
        res.end(code < 300 ? 'thanks' : 'not now');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs the pipeline once, as the timers of a listening server would: dispatch, deliver, mail. */
export async function runPipeline(t: TestApp): Promise<void> {
  const { db, config, mailer } = t.app.deps;
  await dispatchEvents(db, {
    now: t.clock(),
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  });
  await deliverDueWebhooks(webhookWorkerContext(t.app));
  await sendDueEmails(db, mailer, t.clock());
}

export async function addWebhook(
  t: TestApp,
  owner: Actor,
  brandId: number,
  url: string,
  events: string[],
): Promise<CreatedWebhookReply> {
  const res = await callApi(t, 'POST', `brand/${brandId}/webhooks/`, owner, { url, events });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<CreatedWebhookReply>();
}

/** A flat-reward campaign of `brandId` joined by `advocate`; a reporter of its conversions. */
export async function campaignWithAdvocate(
  t: TestApp,
  owner: Actor,
  brandId: number,
  advocate: Actor,
  flat = 6,
) {
  const product = await createProductAs(t, owner, brandId);
  const campaign = await createCampaignAs(t, owner, brandId, {
    product_ids: [product],
    commission_type: 'flat',
    commission_value: flat,
  });
  const code = (await joinAs(t, advocate, campaign)).get(product) ?? assert.fail('no link');
  const keyReply = await callApi(t, 'POST', `brand/${brandId}/api-keys/`, owner, {
    kind: 'secret',
  });
  assert.equal(keyReply.statusCode, 201, keyReply.body);
  const secret = keyReply.json<{ secret: string }>().secret;
  const withKey = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${secret}` },
      payload,
    });
  const report = async (ref: string, value = 100) => {
    const res = await withKey('sdk-log-conversion/', { conversionRef: ref, via: code, value });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ conversion: { id: number; status: string } }>().conversion;
  };
  const refund = async (ref: string) => {
    const res = await withKey('refunds/', { conversionRef: ref, reason: 'Returned' });
    assert.equal(res.statusCode, 200, res.body);
  };
  return { campaign, product, report, refund };
}

/** Turns on two-factor sign-in for `who` through the profile's routes. */
export async function turnOnTwoFactor(t: TestApp, who: Actor): Promise<void> {
  const setup = await callApi(t, 'POST', 'user/2fa/setup/', who);
  assert.equal(setup.statusCode, 200, setup.body);
  const { secret } = setup.json<TwoFactorSetupReply>();
  const res = await callApi(t, 'POST', 'user/2fa/enable/', who, {
    // Actors sign in with the test users' default password.
    password: 'Password1!',
    code: await totpAt(secret, t.clock()),
  });
  assert.equal(res.statusCode, 200, res.body);
}

/** The owner (two-factor on already) makes the brand require two-factor of its members. */
export async function requireTwoFactor(t: TestApp, owner: Actor, brandId: number): Promise<void> {
  const res = await callApi(t, 'PUT', `brand/${brandId}/team-settings/`, owner, {
    require_two_factor: true,
  });
  assert.equal(res.statusCode, 200, res.body);
}
