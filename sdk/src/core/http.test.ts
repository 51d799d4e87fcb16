import { SDK_VERSION, SdkError, postConversion } from './http';
import { conversionReply, fakeFetch } from '../test/fakeFetch';

const ENDPOINT = 'https://app.test/api/v1/sdk-log-conversion/';

describe('postConversion retry policy', () => {
  it('returns the reply of a first success without retrying', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    await expect(
      postConversion(server.fetch, ENDPOINT, { conversionRef: 'order-1' }, 'sk_live_x'),
    ).resolves.toEqual(conversionReply);
    expect(server.calls).toHaveLength(1);
  });

  it('retries once after a network error and returns the second reply', async () => {
    const server = fakeFetch(new TypeError('fetch failed'), { status: 201, body: conversionReply });
    await expect(
      postConversion(server.fetch, ENDPOINT, { conversionRef: 'order-1' }, 'sk_live_x'),
    ).resolves.toEqual(conversionReply);
    expect(server.calls).toHaveLength(2);
    // The retry is the same request: same URL, same body (the conversionRef keeps it idempotent).
    expect(server.calls[1].url).toBe(ENDPOINT);
    expect(server.calls[1].init.body).toBe(server.calls[0].init.body);
  });

  it('retries once after a 500', async () => {
    const server = fakeFetch(
      { status: 500, body: { detail: 'boom' } },
      { status: 200, body: conversionReply },
    );
    await expect(
      postConversion(server.fetch, ENDPOINT, { conversionRef: 'order-1' }, 'sk_live_x'),
    ).resolves.toEqual(conversionReply);
    expect(server.calls).toHaveLength(2);
  });

  it('does not retry a 400 and rejects with the server detail', async () => {
    const server = fakeFetch(
      { status: 400, body: { detail: 'conversionRef is required' } },
      { status: 201, body: conversionReply },
    );
    const error = await postConversion(
      server.fetch,
      ENDPOINT,
      { conversionRef: '' },
      'sk_live_x',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({
      name: 'SdkError',
      status: 400,
      body: { detail: 'conversionRef is required' },
      message: 'conversionRef is required',
    });
    expect(server.calls).toHaveLength(1);
  });

  it('does not retry a 401 either', async () => {
    const server = fakeFetch(
      { status: 401, body: { detail: 'Invalid API key' } },
      { status: 201, body: conversionReply },
    );
    await expect(
      postConversion(server.fetch, ENDPOINT, { conversionRef: 'o' }, 'pk_live_bad'),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Invalid API key',
    });
    expect(server.calls).toHaveLength(1);
  });

  it('gives up after two 5xx replies with the last status and body', async () => {
    const server = fakeFetch(
      { status: 502, body: 'Bad gateway' },
      { status: 503, body: { detail: 'Down for maintenance' } },
    );
    await expect(
      postConversion(server.fetch, ENDPOINT, { conversionRef: 'o' }, 'sk_live_x'),
    ).rejects.toMatchObject({
      status: 503,
      body: { detail: 'Down for maintenance' },
      message: 'Down for maintenance',
    });
    expect(server.calls).toHaveLength(2);
  });

  it('gives up after two network errors with status 0', async () => {
    const server = fakeFetch(new TypeError('fetch failed'), new TypeError('socket hang up'));
    const error = await postConversion(
      server.fetch,
      ENDPOINT,
      { conversionRef: 'o' },
      'sk_live_x',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({
      status: 0,
      body: null,
      message: 'Network error: socket hang up',
    });
    expect(server.calls).toHaveLength(2);
  });

  it('explains a non-JSON error page by its status', async () => {
    const server = fakeFetch({ status: 404, body: '<h1>Not found</h1>' });
    await expect(
      postConversion(server.fetch, ENDPOINT, { conversionRef: 'o' }, 'sk_live_x'),
    ).rejects.toMatchObject({
      status: 404,
      body: '<h1>Not found</h1>',
      message: 'Request failed with status 404',
    });
  });
});

describe('postConversion headers', () => {
  it('sends the SDK version, content type, bearer credential and the campaign and brand ids', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    await postConversion(
      server.fetch,
      ENDPOINT,
      { conversionRef: 'o', campaignId: 3 },
      'pk_live_abc',
      {
        brandId: 9,
        keepalive: true,
      },
    );
    const { method, headers, keepalive } = server.calls[0].init;
    expect(SDK_VERSION).toBe('1.0.1');
    expect(method).toBe('POST');
    expect(keepalive).toBe(true);
    expect(headers).toEqual({
      'X-SDK-Version': '1.0.1',
      'Content-Type': 'application/json',
      Authorization: 'Bearer pk_live_abc',
      'X-Campaign-Id': '3',
      'X-Brand-Id': '9',
    });
  });

  it('leaves out the ids it does not know and an empty credential', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    await postConversion(server.fetch, ENDPOINT, { conversionRef: 'o', via: 'code1' }, undefined);
    expect(server.calls[0].init.headers).toEqual({
      'X-SDK-Version': '1.0.1',
      'Content-Type': 'application/json',
    });
    expect(server.calls[0].init.keepalive).toBeUndefined();
  });

  it('takes the campaign id header from the options when the payload has none', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    await postConversion(server.fetch, ENDPOINT, { conversionRef: 'o' }, 'sk', {
      campaignId: 'c-42',
    });
    expect(server.calls[0].init.headers['X-Campaign-Id']).toBe('c-42');
  });
});

describe('postConversion payload', () => {
  it('applies the defaults: purchase, USD, value 0, and no client reward', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    await postConversion(
      server.fetch,
      ENDPOINT,
      { conversionRef: 'order-1', affiliateId: 11, campaignId: 3 },
      'sk',
    );
    expect(server.calls[0].json).toEqual({
      conversionRef: 'order-1',
      affiliateId: 11,
      campaignId: 3,
      eventType: 'purchase',
      currency: 'USD',
      value: 0,
    });
  });

  it('keeps the values the caller gave', async () => {
    const server = fakeFetch({ status: 201, body: conversionReply });
    const payload = {
      conversionRef: 'sub-9',
      eventType: 'subscription_renewal',
      value: 49.5,
      currency: 'EUR',
      rewardAmount: 5,
      productId: 2,
      sessionId: 's1',
      via: 'abcdefghij',
      clickId: 'click-1',
    } as const;
    await postConversion(server.fetch, ENDPOINT, payload, 'sk');
    expect(server.calls[0].json).toEqual(payload);
  });
});
