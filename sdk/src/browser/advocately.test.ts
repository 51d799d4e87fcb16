/**
 * @jest-environment ../jest.environment.js
 * @jest-environment-options {"url": "https://shop.test/landing"}
 */
import { install } from './advocately';
import { conversionReply } from '../test/fakeFetch';

const SCRIPT_SRC = 'https://app.test/sdk/v1.js';
const DAY = 86400;

/** The SDK's <script> tag as a merchant writes it. */
function scriptTag(attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.setAttribute('src', SCRIPT_SRC);
  script.setAttribute('data-key', 'pk_live_publishable');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

/** Every string assigned to document.cookie, since jsdom does not read back attributes. */
let cookieWrites: string[];
const cookieProperty = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

beforeEach(() => {
  cookieWrites = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieProperty.get!.call(document) as string,
    set: (value: string) => {
      cookieWrites.push(value);
      cookieProperty.set!.call(document, value);
    },
  });
});

afterEach(() => {
  for (const name of ['adv_via', 'adv_cid']) document.cookie = `${name}=; max-age=0; path=/`;
  delete (document as { cookie?: string }).cookie;
  jest.restoreAllMocks();
});

function visit(search: string): void {
  window.history.replaceState(null, '', `/landing${search}`);
}

function mockServer(status = 201, body: unknown = conversionReply): jest.SpyInstance {
  return jest
    .spyOn(window, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

describe('landing on a share link', () => {
  it('stores via and cid in first-party cookies for 90 days', () => {
    visit('?utm_source=x&via=abcdefghij&cid=click-1');
    const api = install(scriptTag());
    expect(cookieWrites).toEqual([
      `adv_via=abcdefghij; max-age=${90 * DAY}; path=/; SameSite=Lax; Secure`,
      `adv_cid=click-1; max-age=${90 * DAY}; path=/; SameSite=Lax; Secure`,
    ]);
    expect(document.cookie).toContain('adv_via=abcdefghij');
    expect(document.cookie).toContain('adv_cid=click-1');
    expect(api.getVia()).toBe('abcdefghij');
  });

  it('keeps them for data-cookie-days instead when the tag says so', () => {
    visit('?via=abcdefghij&cid=click-1');
    install(scriptTag({ 'data-cookie-days': '30' }));
    expect(cookieWrites).toHaveLength(2);
    for (const write of cookieWrites) expect(write).toContain(`max-age=${30 * DAY};`);
  });

  it('falls back to 90 days on an unusable data-cookie-days', () => {
    visit('?via=abcdefghij');
    install(scriptTag({ 'data-cookie-days': 'forever' }));
    expect(cookieWrites[0]).toContain(`max-age=${90 * DAY};`);
  });

  it('writes nothing on a page reached without a share link, and keeps the earlier visit', () => {
    visit('?via=first-code&cid=click-1');
    install(scriptTag());
    cookieWrites = [];
    visit('?page=2');
    const api = install(scriptTag());
    expect(cookieWrites).toEqual([]);
    expect(api.getVia()).toBe('first-code');
  });

  it('drops an earlier click id when a new link arrives without one', () => {
    visit('?via=first-code&cid=click-1');
    install(scriptTag());
    visit('?via=second-code');
    const api = install(scriptTag());
    expect(api.getVia()).toBe('second-code');
    expect(document.cookie).not.toContain('adv_cid');
  });

  it('answers null from getVia when the visitor came through no link', () => {
    visit('');
    expect(install(scriptTag()).getVia()).toBeNull();
  });
});

describe('Advocately.trackConversion', () => {
  it("fills via and clickId from the cookies and posts to the script's origin", async () => {
    visit('?via=abcdefghij&cid=click-1');
    install(scriptTag());
    visit(''); // the checkout page, later
    const fetchSpy = mockServer();
    const api = install(scriptTag());

    await expect(api.trackConversion({ conversionRef: 'order-1', value: 25 })).resolves.toEqual(
      conversionReply,
    );

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://app.test/api/v1/sdk-log-conversion/');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: {
        Authorization: 'Bearer pk_live_publishable',
        'X-SDK-Version': '1.0.1',
        'Content-Type': 'application/json',
      },
    });
    expect(JSON.parse(init.body as string)).toEqual({
      conversionRef: 'order-1',
      value: 25,
      via: 'abcdefghij',
      clickId: 'click-1',
      eventType: 'purchase',
      currency: 'USD',
    });
  });

  it('keeps a via given by the caller and does not pair it with a stored click id', async () => {
    visit('?via=abcdefghij&cid=click-1');
    const fetchSpy = mockServer();
    await install(scriptTag()).trackConversion({ conversionRef: 'order-2', via: 'other-code' });
    const body = JSON.parse(
      (fetchSpy.mock.calls[0] as [string, RequestInit])[1].body as string,
    ) as Record<string, unknown>;
    expect(body.via).toBe('other-code');
    expect(body).not.toHaveProperty('clickId');
  });

  it('posts to data-endpoint when set, with the brand id from data-brand-id', async () => {
    visit('');
    const fetchSpy = mockServer();
    await install(
      scriptTag({ 'data-endpoint': 'https://track.shop.test/conversions', 'data-brand-id': '4' }),
    ).trackConversion({ conversionRef: 'order-3', campaignId: 3, affiliateId: 11 });
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://track.shop.test/conversions');
    expect(init.headers).toMatchObject({ 'X-Brand-Id': '4', 'X-Campaign-Id': '3' });
  });

  it('retries once on a 500 and rejects with the server detail after the second', async () => {
    visit('');
    const fetchSpy = mockServer(500, { detail: 'Temporarily unavailable' });
    await expect(
      install(scriptTag()).trackConversion({ conversionRef: 'order-4' }),
    ).rejects.toMatchObject({
      name: 'SdkError',
      status: 500,
      message: 'Temporarily unavailable',
    });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
