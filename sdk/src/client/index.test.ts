import { build } from 'esbuild';
import { join } from 'node:path';
import { createTrackingClient, SdkError } from '../index';
import { conversionReply, fakeFetch } from '../test/fakeFetch';

const stats = {
  joins: 2,
  clicks: 10,
  conversions: 1,
  visitors: 8,
  campaign: { id: 3, title: 'Spring' },
  products: [{ id: 5, name: 'Mug', product_url: 'https://shop.test/mug' }],
  advocates: [{ id: 11, username: 'ada', email: 'ada@test', joined_at: '2026-01-01T00:00:00Z' }],
};

describe('createTrackingClient', () => {
  it.each([
    ['https://app.test', 'https://app.test/api/v1/sdk-log-conversion/'],
    ['https://app.test/', 'https://app.test/api/v1/sdk-log-conversion/'],
    ['https://app.test/api/v1/', 'https://app.test/api/v1/sdk-log-conversion/'],
    ['/api/v1/', '/api/v1/sdk-log-conversion/'],
  ])('posts a conversion under the API root of %s', async (baseUrl, expected) => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    const client = createTrackingClient({
      baseUrl,
      credential: 'sk_live_secret',
      fetch: server.fetch,
    });
    await expect(client.trackConversion({ conversionRef: 'order-1', value: 20 })).resolves.toEqual(
      conversionReply,
    );
    expect(server.calls[0].url).toBe(expected);
  });

  it('sends the secret key, brand and campaign ids, and the defaulted payload', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    const client = createTrackingClient({
      baseUrl: 'https://app.test',
      credential: 'sk_live_secret',
      brandId: 4,
      fetch: server.fetch,
    });
    await client.trackConversion({
      conversionRef: 'order-1',
      campaignId: 3,
      affiliateId: 11,
      rewardAmount: 2,
    });
    expect(server.calls[0].init.headers).toMatchObject({
      Authorization: 'Bearer sk_live_secret',
      'X-SDK-Version': '1.0.1',
      'X-Campaign-Id': '3',
      'X-Brand-Id': '4',
    });
    expect(server.calls[0].json).toEqual({
      conversionRef: 'order-1',
      campaignId: 3,
      affiliateId: 11,
      rewardAmount: 2,
      eventType: 'purchase',
      currency: 'USD',
      value: 0,
    });
    // A merchant server is not a page: nothing to keep alive.
    expect(server.calls[0].init.keepalive).toBeUndefined();
  });

  it('reads a credential function on every call, so a refreshed token is used', async () => {
    const server = fakeFetch({ status: 200, body: stats }, { status: 200, body: stats });
    let token = 'jwt-1';
    const client = createTrackingClient({
      baseUrl: '/api/v1/',
      credential: () => token,
      fetch: server.fetch,
    });
    await client.campaignStats(3);
    token = 'jwt-2';
    await client.campaignStats(3);
    expect(server.calls.map((call) => call.init.headers.Authorization)).toEqual([
      'Bearer jwt-1',
      'Bearer jwt-2',
    ]);
  });

  it('joins a campaign for an advocate and returns the share links', async () => {
    const reply = {
      status: 'Joined campaign',
      share_links: [{ product_id: 5, url: 'https://app.test/r/abcdefghij' }],
      share_link: 'https://app.test/r/abcdefghij',
    };
    const server = fakeFetch({ status: 201, body: reply });
    const client = createTrackingClient({
      baseUrl: 'https://app.test',
      credential: 'jwt',
      fetch: server.fetch,
    });
    await expect(client.joinCampaign({ campaign_id: 3, advocate_id: 11 })).resolves.toEqual(reply);
    expect(server.calls[0]).toMatchObject({
      url: 'https://app.test/api/v1/join-campaign/',
      init: { method: 'POST', headers: { Authorization: 'Bearer jwt', 'X-Campaign-Id': '3' } },
      json: { campaign_id: 3, advocate_id: 11 },
    });
  });

  it('reports a refund by conversionRef with the secret key', async () => {
    const reply = {
      status: 'success',
      duplicate: false,
      conversion_id: 9,
      conversion_ref: 'order-1',
      reward_status: 'paid',
      clawback_amount: -2,
    };
    const server = fakeFetch({ status: 200, body: reply });
    const client = createTrackingClient({
      baseUrl: 'https://app.test',
      credential: 'sk_live_secret',
      fetch: server.fetch,
    });
    await expect(
      client.refundConversion({ conversionRef: 'order-1', reason: 'Returned' }),
    ).resolves.toEqual(reply);
    expect(server.calls[0]).toMatchObject({
      url: 'https://app.test/api/v1/refunds/',
      init: { method: 'POST', headers: { Authorization: 'Bearer sk_live_secret' } },
      json: { conversionRef: 'order-1', reason: 'Returned' },
    });
  });

  it('reads campaign stats with a GET and no body', async () => {
    const server = fakeFetch({ status: 200, body: stats });
    const client = createTrackingClient({
      baseUrl: 'https://app.test',
      credential: 'jwt',
      fetch: server.fetch,
    });
    await expect(client.campaignStats(3)).resolves.toEqual(stats);
    expect(server.calls[0].url).toBe('https://app.test/api/v1/campaign/3/stats/');
    expect(server.calls[0].init.method).toBe('GET');
    expect(server.calls[0].init.body).toBeUndefined();
    expect(server.calls[0].init.headers['Content-Type']).toBeUndefined();
  });

  it('rejects with the server detail and does not retry a 403', async () => {
    const server = fakeFetch({
      status: 403,
      body: { detail: 'Campaign belongs to another brand' },
    });
    const client = createTrackingClient({
      baseUrl: 'https://app.test',
      credential: 'sk',
      fetch: server.fetch,
    });
    const error = await client
      .trackConversion({ conversionRef: 'o', campaignId: 99 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ status: 403, message: 'Campaign belongs to another brand' });
    expect(server.calls).toHaveLength(1);
  });

  it('retries a stats read once after a 500', async () => {
    const server = fakeFetch({ status: 500 }, { status: 200, body: stats });
    const client = createTrackingClient({
      baseUrl: 'https://app.test',
      credential: 'jwt',
      fetch: server.fetch,
    });
    await expect(client.campaignStats(3)).resolves.toEqual(stats);
    expect(server.calls).toHaveLength(2);
  });

  it('uses the global fetch when none is given', async () => {
    const spy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(conversionReply), { status: 201 }));
    try {
      const client = createTrackingClient({ baseUrl: 'https://app.test', credential: 'sk' });
      await expect(client.trackConversion({ conversionRef: 'o' })).resolves.toEqual(
        conversionReply,
      );
      expect(spy).toHaveBeenCalledWith(
        'https://app.test/api/v1/sdk-log-conversion/',
        expect.objectContaining({ method: 'POST' }),
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the package entry', () => {
  it('bundles for the browser: no Node built-ins reachable from src/index.ts', async () => {
    // esbuild refuses to resolve node: modules on the browser platform, so an import of one
    // anywhere under the entry fails this build.
    const result = await build({
      entryPoints: [join(__dirname, '..', 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0].text).toContain('createTrackingClient');
  });
});
