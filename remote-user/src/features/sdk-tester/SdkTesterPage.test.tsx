import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectToken } from 'shared-api';
import { aCampaign, aConversion, fakeApi, replies, type FakeRoutes } from 'shared-api/testing';
import { renderUserApp } from '../../test/renderUserApp';
import { NO_AFFILIATE, NO_PRODUCT } from './testerForm';

const LONG_DESCRIPTION =
  'A spring campaign for our new single-origin roast, with free shipping on every order.';

const campaigns = [
  aCampaign({
    id: 11,
    campaign_id: 'CMP-1',
    title: 'Spring Launch',
    description: LONG_DESCRIPTION,
    products: [
      { id: 1, name: 'House Blend', product_url: null },
      { id: 2, name: 'Decaf', product_url: null },
    ],
    product_ids: [1, 2],
  }),
  aCampaign({
    id: 12,
    campaign_id: 'CMP-2',
    title: 'Loyalty',
    description: null,
    products: [],
    product_ids: [],
  }),
];

const conversion = replies.conversion(aConversion({ conversion_ref: 'x' }));
const conversionReply = conversion.body;

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  json: unknown;
}

/**
 * The fake API of remote-user, plus a log of each raw request as the sdk sent it (URL, method,
 * headers), which the route table does not keep.
 */
function serve(routes: FakeRoutes) {
  const api = fakeApi({ 'GET brand/3/campaigns/': replies.brandCampaigns(campaigns), ...routes });
  const answer = globalThis.fetch;
  const sent: SentRequest[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof input === 'string') {
      sent.push({
        url: input,
        method: init?.method ?? 'GET',
        headers: { ...(init?.headers as Record<string, string>) },
        json: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
    }
    return answer(input, init);
  };
  return { api, sent };
}

async function openTester() {
  const user = userEvent.setup();
  const view = renderUserApp('/user/sdk-tester');
  // The page is lazy: the first visit compiles it.
  await screen.findByRole('heading', { level: 1, name: 'SDK Tester' }, { timeout: 10_000 });
  return { ...view, user };
}

async function chooseCampaign(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('brand_id'), '3');
  const picker = screen.getByRole('combobox', { name: 'Campaign' });
  await waitFor(() => expect(picker).toBeEnabled());
  await user.selectOptions(picker, '11');
}

const result = () => screen.getByRole('region', { name: /Result/ });
const shown = (label: string) =>
  JSON.parse(within(result()).getByLabelText(label).textContent ?? 'null') as unknown;

describe('SDK tester', () => {
  it('shows the bearer token read-only and clears it', async () => {
    serve({});
    const { user, store } = await openTester();
    const token = screen.getByLabelText('Access token');
    expect(token).toHaveValue('test-token');
    expect(token).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Clear token' }));
    expect(selectToken(store.getState())).toBeNull();
    expect(token).toHaveValue('');
  });

  it("fetches the brand's campaigns with descriptions cut at 60 characters, and their products", async () => {
    const { api } = serve({});
    const { user } = await openTester();
    await chooseCampaign(user);
    expect(api.callsTo('GET brand/3/campaigns/')).toHaveLength(1);
    const options = within(screen.getByRole('combobox', { name: 'Campaign' })).getAllByRole(
      'option',
    );
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a campaign',
      `#11 Spring Launch — ${LONG_DESCRIPTION.slice(0, 60).trimEnd()}…`,
      '#12 Loyalty',
    ]);
    // The picker and the id box hold the same value.
    expect(screen.getByLabelText('Campaign id')).toHaveValue('11');
    const products = within(screen.getByRole('combobox', { name: 'Product' })).getAllByRole(
      'option',
    );
    expect(products.map((o) => o.textContent)).toEqual([
      'Choose a product',
      '#1 House Blend',
      '#2 Decaf',
    ]);
  });

  it('tracks a test conversion through the sdk client with the payload and headers', async () => {
    const { api, sent } = serve({
      'POST sdk-log-conversion/': conversion,
    });
    const { user } = await openTester();
    await chooseCampaign(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product' }), '2');
    await user.type(screen.getByLabelText('Advocate id (affiliateId)'), '21');
    const value = screen.getByLabelText('Order value (USD)');
    await user.clear(value);
    await user.type(value, '25');
    await user.type(screen.getByLabelText('Reward amount (USD)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Track test conversion' }));

    await waitFor(() => expect(shown('Reply')).toEqual(conversionReply));
    expect(api.callsTo('POST sdk-log-conversion/')).toHaveLength(1);
    const request = sent.find((r) => r.url.endsWith('sdk-log-conversion/')) as SentRequest;
    expect(request.url).toBe('/api/v1/sdk-log-conversion/');
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({
      'X-SDK-Version': '1.0.1',
      'Content-Type': 'application/json',
      Authorization: 'Bearer test-token',
      'X-Campaign-Id': '11',
      'X-Brand-Id': '3',
    });
    expect(request.json).toEqual({
      conversionRef: expect.stringMatching(/^sdk-test-\d+-[0-9a-f]{12}$/),
      campaignId: 11,
      affiliateId: 21,
      productId: 2,
      sessionId: expect.stringMatching(/^sdk-tester-/),
      eventType: 'purchase',
      value: 25,
      currency: 'USD',
      rewardAmount: 2.5,
    });
    // What was sent is shown too, so the generated conversionRef can be reused by hand.
    expect(shown('Request')).toEqual(request.json);
  });

  it('sends a new conversionRef each time and leaves rewardAmount to the server when empty', async () => {
    const { sent } = serve({ 'POST sdk-log-conversion/': conversion });
    const { user } = await openTester();
    await user.type(screen.getByLabelText('Campaign id'), '11');
    await user.type(screen.getByLabelText('Product id'), '1');
    await user.type(screen.getByLabelText('Advocate id (affiliateId)'), '21');
    const track = screen.getByRole('button', { name: 'Track test conversion' });
    await user.click(track);
    await waitFor(() => expect(track).toBeEnabled());
    await user.click(track);
    await waitFor(() => expect(sent).toHaveLength(2));
    const [first, second] = sent.map((r) => r.json as Record<string, unknown>);
    expect(first.conversionRef).not.toBe(second.conversionRef);
    expect(first).not.toHaveProperty('rewardAmount');
    expect(first.value).toBe(0);
    // No brand id entered: no X-Brand-Id header.
    expect(sent[0].headers).not.toHaveProperty('X-Brand-Id');
  });

  it("says 'No product selected' and calls nothing without a product", async () => {
    const { sent } = serve({});
    const { user } = await openTester();
    await user.type(screen.getByLabelText('Campaign id'), '11');
    await user.type(screen.getByLabelText('Advocate id (affiliateId)'), '21');
    await user.click(screen.getByRole('button', { name: 'Track test conversion' }));
    expect(await within(result()).findByRole('alert')).toHaveTextContent(NO_PRODUCT);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['the advocate', { product: '1', campaign: '11', advocate: '' }],
    ['the campaign', { product: '1', campaign: '', advocate: '21' }],
  ])('refuses to track without %s', async (_missing, ids) => {
    const { sent } = serve({});
    const { user } = await openTester();
    if (ids.campaign) await user.type(screen.getByLabelText('Campaign id'), ids.campaign);
    if (ids.advocate)
      await user.type(screen.getByLabelText('Advocate id (affiliateId)'), ids.advocate);
    await user.type(screen.getByLabelText('Product id'), ids.product);
    await user.click(screen.getByRole('button', { name: 'Track test conversion' }));
    expect(await within(result()).findByRole('alert')).toHaveTextContent(NO_AFFILIATE);
    expect(sent).toHaveLength(0);
  });

  it('marks an id that is not a whole number and calls nothing', async () => {
    const { sent } = serve({});
    const { user } = await openTester();
    await user.type(screen.getByLabelText('Campaign id'), '1x');
    await user.click(screen.getByRole('button', { name: 'Get campaign stats' }));
    expect(await screen.findAllByText('Enter a whole number')).not.toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('joins a campaign with campaign_id and the optional advocate_id', async () => {
    const joinReply = replies.joined({
      status: 'Joined campaign',
      share_links: [{ product_id: 1, url: 'https://app.test/r/abc' }],
    });
    const joined = joinReply.body;
    const { api, sent } = serve({ 'POST join-campaign/': joinReply });
    const { user } = await openTester();
    await user.type(screen.getByLabelText('Campaign id'), '11');
    await user.type(screen.getByLabelText('Advocate id (affiliateId)'), '21');
    await user.click(screen.getByRole('button', { name: 'Join campaign' }));
    await waitFor(() => expect(shown('Reply')).toEqual(joined));
    expect(api.callsTo('POST join-campaign/')[0].body).toEqual({
      campaign_id: 11,
      advocate_id: 21,
    });
    expect(sent[0].headers).toMatchObject({ 'X-SDK-Version': '1.0.1', 'X-Campaign-Id': '11' });
  });

  it('shows a refused call raw, as JSON, and Clear empties the page', async () => {
    serve({ 'GET campaign/11/stats/': replies.failure(403, 'Not your campaign') });
    const { user } = await openTester();
    await user.type(screen.getByLabelText('Campaign id'), '11');
    await user.click(screen.getByRole('button', { name: 'Get campaign stats' }));
    await waitFor(() =>
      expect(shown('Error')).toEqual({
        status: 403,
        message: 'Not your campaign',
        body: { detail: 'Not your campaign' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Campaign id')).toHaveValue('');
    expect(within(result()).queryByLabelText('Error')).not.toBeInTheDocument();
  });
});
