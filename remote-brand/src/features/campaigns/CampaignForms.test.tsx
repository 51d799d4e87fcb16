/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { clearSession } from 'shared-api';
import { fakeApi, replies } from 'shared-api/testing';
import { makeCampaign, makeProduct, makeUser, productsReply } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const PRODUCTS = 'GET brand/3/products/';
const CREATE = 'POST campaign/create/';
const activeProducts = productsReply([
  makeProduct({ id: 1, name: 'House Blend' }),
  makeProduct({ id: 2, name: 'Decaf' }),
]);
const campaignList = replies.brandCampaigns([]);

async function openCreate() {
  const app = renderBrandApp('/brand/brands/3/campaigns/create');
  await findHeading('Create Campaign');
  return app;
}

const picker = () => screen.getByRole('combobox', { name: 'Products' });
const pickerOptions = () =>
  within(picker())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Create Campaign', () => {
  it('sends numbers as numbers, leaves empty fields out and attaches the chosen products', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.campaignWritten(makeCampaign(), 'Campaign created', 201),
      'GET brand/3/campaigns/': campaignList,
    });
    const app = await openCreate();
    const { user } = app;
    await user.type(screen.getByLabelText('Title'), '  Spring Launch ');
    await user.type(await screen.findByLabelText('Budget limit (USD)'), '250');
    await user.type(screen.getByLabelText('Duration (days)'), '30');
    await user.type(screen.getByLabelText('Reward (%)'), '10');
    await waitFor(() => expect(pickerOptions()).toContain('Decaf'));
    await user.selectOptions(picker(), 'Decaf');
    await user.selectOptions(picker(), 'House Blend');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));

    expect(await screen.findByText('Campaign created')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/brand/brands/3/campaigns'));
    const call = api.callsTo(CREATE)[0];
    expect(call.encoding).toBe('json');
    expect(call.body).toEqual({
      brand: 3,
      title: 'Spring Launch',
      budget_limit: 250,
      duration: 30,
      status: 'active',
      commission_type: 'percentage',
      commission_value: 10,
      product_ids: [2, 1],
    });
    expect(api.callsTo(PRODUCTS)[0].query).toEqual({ status: 'active', limit: '50' });
  });

  it('sends a reward per event type and the months renewals pay for', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.campaignWritten(makeCampaign(), 'Campaign created', 201),
      'GET brand/3/campaigns/': campaignList,
    });
    const { user } = await openCreate();
    await user.type(screen.getByLabelText('Title'), 'Subscriptions');
    await user.selectOptions(screen.getByLabelText('Sign-up: reward'), 'flat');
    await user.type(await screen.findByLabelText('Sign-up (USD)'), '2');
    await user.selectOptions(screen.getByLabelText('Subscription renewal: reward'), 'percentage');
    await user.type(screen.getByLabelText('Subscription renewal (%)'), '30');
    await user.type(screen.getByLabelText('Pay renewals for (months)'), '12');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign created')).toBeInTheDocument();
    expect(api.bodyOf(CREATE)).toMatchObject({
      event_rewards: {
        signup: { commission_type: 'flat', commission_value: 2 },
        subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
      },
      recurring_months: 12,
    });
  });

  it('sends forbid_paid_ads: true when the brand forbids paid-ad traffic', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.campaignWritten(makeCampaign(), 'Campaign created', 201),
      'GET brand/3/campaigns/': campaignList,
    });
    const { user } = await openCreate();
    const forbid = screen.getByRole('checkbox', { name: 'Forbid paid-ad traffic' });
    expect(forbid).not.toBeChecked();
    expect(forbid).toHaveAccessibleDescription(
      'Commissions from clicks on bought ads (Google, Meta, Microsoft, TikTok, X, LinkedIn, Reddit) are held for review',
    );
    await user.type(screen.getByLabelText('Title'), 'No ads');
    await user.click(forbid);
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign created')).toBeInTheDocument();
    expect(api.bodyOf(CREATE)).toEqual({
      brand: 3,
      title: 'No ads',
      status: 'active',
      forbid_paid_ads: true,
    });
  });

  it('offers each active product once: chosen ones leave the picker and come back when removed', async () => {
    fakeApi({ [PRODUCTS]: activeProducts });
    const { user } = await openCreate();
    await waitFor(() => expect(pickerOptions()).toEqual(['Add a product', 'House Blend', 'Decaf']));
    await user.selectOptions(picker(), 'House Blend');
    expect(pickerOptions()).toEqual(['Add a product', 'Decaf']);
    const chosen = screen.getByRole('list', { name: 'Chosen products' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove House Blend' }));
    expect(pickerOptions()).toEqual(['Add a product', 'House Blend', 'Decaf']);
  });

  it('goes multipart with the video, product_ids as a JSON string', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.campaignWritten(makeCampaign(), 'Campaign created', 201),
      'GET brand/3/campaigns/': campaignList,
    });
    const { user } = await openCreate();
    await waitFor(() => expect(pickerOptions()).toContain('Decaf'));
    await user.selectOptions(picker(), 'Decaf');
    await user.type(screen.getByLabelText('Duration (days)'), '7');
    const video = new File([new Uint8Array(2048)], 'promo.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Video'), video);
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const call = api.callsTo(CREATE)[0];
    expect(call.encoding).toBe('multipart');
    expect(call.body).toEqual({
      brand: '3',
      duration: '7',
      status: 'active',
      product_ids: '[2]',
      video: { file: 'promo.mp4', type: 'video/mp4', size: 2048 },
    });
  });

  it("names the campaign's currency: its products' (a EUR campaign never reads USD)", async () => {
    fakeApi({
      [PRODUCTS]: productsReply([
        makeProduct({ id: 1, name: 'Alpine Tour', currency: 'EUR' }),
        makeProduct({ id: 2, name: 'Decaf', currency: 'USD' }),
      ]),
    });
    const { user } = await openCreate();
    // Products of two currencies and none chosen: no currency is named.
    expect(await screen.findByLabelText('Budget limit')).toBeInTheDocument();
    await waitFor(() => expect(pickerOptions()).toContain('Alpine Tour'));
    await user.selectOptions(picker(), 'Alpine Tour');
    expect(await screen.findByLabelText('Budget limit (EUR)')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reward type'), 'flat');
    expect(screen.getByLabelText('Reward (EUR)')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Subscription started: reward'), 'flat');
    expect(screen.getByLabelText('Subscription started (EUR)')).toBeInTheDocument();
    expect(screen.queryByText(/\(USD\)/)).not.toBeInTheDocument();
  });

  it('checks duration, budget and reward bounds before sending', async () => {
    const api = fakeApi({ [PRODUCTS]: activeProducts });
    const { user } = await openCreate();
    await user.type(screen.getByLabelText('Duration (days)'), '0');
    await user.type(await screen.findByLabelText('Budget limit (USD)'), '-5');
    await user.type(screen.getByLabelText('Reward (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Duration must be at least 1 day')).toBeInTheDocument();
    expect(screen.getByText('Budget limit cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('A percentage reward cannot exceed 100')).toBeInTheDocument();

    // A flat reward has no ceiling.
    await user.selectOptions(screen.getByLabelText('Reward type'), 'flat');
    await waitFor(() =>
      expect(screen.queryByText('A percentage reward cannot exceed 100')).not.toBeInTheDocument(),
    );
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('keeps working with an empty picker when the products cannot be loaded', async () => {
    fakeApi({ [PRODUCTS]: replies.bodiless(500) });
    await openCreate();
    await waitFor(() => expect(picker()).toBeDisabled());
    expect(pickerOptions()).toEqual(['No more active products']);
    expect(screen.queryByText('Failed to load products')).not.toBeInTheDocument();
  });

  it('saves an empty form and says it is a draft until it has a title and a reward', async () => {
    const notice =
      'Saved as a draft (inactive): add a title and a reward to publish it. Advocates cannot find or join it until then.';
    fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: {
        status: 201,
        body: {
          status: 'success',
          message: 'Campaign created',
          campaign: makeCampaign({ status: 'inactive', title: null }),
          notice,
        },
      },
      'GET brand/3/campaigns/': campaignList,
    });
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
  });

  it("puts the server's 400 for an over-long title under the Title field", async () => {
    const tooLong = 'must NOT have more than 255 characters';
    fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.failure(400, `title ${tooLong}`, { title: [tooLong] }),
    });
    const { user } = await openCreate();
    const title = screen.getByLabelText('Title');
    await user.click(title);
    await user.paste('x'.repeat(300));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription(tooLong));
  });

  it("puts a refused upload's message (storage quota, rate limit) under the Video field and in the toast", async () => {
    const quota = 'Storage quota reached: 480 MB of 500 MB used for this brand; this file is 50 MB';
    fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.failure(413, quota, { video: [quota] }),
    });
    const first = await openCreate();
    const video = screen.getByLabelText('Video');
    await first.user.upload(
      video,
      new File([new Uint8Array(64)], 'promo.mp4', { type: 'video/mp4' }),
    );
    await first.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() =>
      expect(video).toHaveAccessibleDescription(`MP4, WebM or MOV, at most 50 MB ${quota}`),
    );
    expect(screen.getAllByText(quota)).toHaveLength(2); // the toast and the field's message
    first.unmount();

    const limited = 'Too many requests. Try again in 42 seconds.';
    fakeApi({ [PRODUCTS]: activeProducts, [CREATE]: replies.failure(429, limited) });
    const second = await openCreate();
    await second.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
  });

  it('shows the server message, else the fallback', async () => {
    fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.failure(400, 'Unknown product'),
    });
    const first = await openCreate();
    await first.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Unknown product')).toBeInTheDocument();
    first.unmount();

    fakeApi({ [PRODUCTS]: activeProducts, [CREATE]: replies.bodiless(502) });
    const second = await openCreate();
    await second.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Failed to create campaign')).toBeInTheDocument();
  });

  it('asks to log in again when no token can be obtained', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      'POST token/refresh/': replies.bodiless(401),
    });
    const app = await openCreate();
    app.store.dispatch(clearSession());
    await app.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('No access token. Please log in again.')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it("says 'Missing brand id in URL' without a numeric brand id", async () => {
    fakeApi({});
    renderBrandApp('/brand/brands/acme/campaigns/create');
    expect(
      await screen.findByText('Missing brand id in URL', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('Edit Campaign', () => {
  const campaign = makeCampaign({
    id: 11,
    title: 'Spring Launch',
    duration: 30,
    budget_limit: null,
    commission_type: 'flat',
    commission_value: 5,
    products: [{ id: 1, name: 'House Blend', product_url: null }],
  });
  const PATCH = 'PATCH campaign/update/11/';

  it('loads the campaign when none was passed, and sends the edited fields', async () => {
    const api = fakeApi({
      'GET campaign/11/': replies.campaign(campaign),
      [PRODUCTS]: activeProducts,
      [PATCH]: replies.campaignWritten(campaign, 'Campaign updated'),
      'GET brand/3/campaigns/': campaignList,
    });
    const app = renderBrandApp('/brand/brands/3/campaigns/11/edit');
    await findHeading('Edit Campaign');
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Spring Launch');
    // The chosen product is not offered again.
    await waitFor(() => expect(pickerOptions()).toEqual(['Add a product', 'Decaf']));
    await app.user.clear(title);
    await app.user.type(title, 'Summer Launch');
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Campaign updated')).toBeInTheDocument();
    expect(api.bodyOf(PATCH)).toEqual({
      title: 'Summer Launch',
      description: campaign.description,
      duration: 30,
      status: 'active',
      commission_type: 'flat',
      commission_value: 5,
      // Edit always sends these, so clearing them sticks: none per event type, every renewal.
      event_rewards: {},
      recurring_months: null,
      product_ids: [1],
    });
    await waitFor(() => expect(app.location().pathname).toBe('/brand/brands/3/campaigns'));
  });

  it('shows a campaign that forbids paid ads checked, and sends false once unticked', async () => {
    const noAds = { ...campaign, forbid_paid_ads: true };
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      [PATCH]: replies.campaignWritten(noAds, 'Campaign updated'),
      'GET brand/3/campaigns/': campaignList,
    });
    const app = renderBrandApp('/brand/brands/3/campaigns/11/edit', { state: { campaign: noAds } });
    await findHeading('Edit Campaign');
    const forbid = screen.getByRole('checkbox', { name: 'Forbid paid-ad traffic' });
    expect(forbid).toBeChecked();
    await app.user.click(forbid);
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Campaign updated')).toBeInTheDocument();
    expect(api.bodyOf(PATCH)).toMatchObject({ forbid_paid_ads: false });
  });

  it('uses the campaign passed in navigation state without fetching it', async () => {
    const api = fakeApi({ [PRODUCTS]: activeProducts });
    renderBrandApp('/brand/brands/3/campaigns/11/edit', { state: { campaign } });
    await findHeading('Edit Campaign');
    expect(screen.getByLabelText('Title')).toHaveValue('Spring Launch');
    expect(api.callsTo('GET campaign/11/')).toHaveLength(0);
  });

  it("shows another brand's campaign as not loadable, never its fields", async () => {
    // Active campaigns are public to advocates, so the server answers; the workspace must not.
    fakeApi({
      [PRODUCTS]: activeProducts,
      'GET campaign/11/': replies.campaign({ ...campaign, brand: 9 }),
    });
    renderBrandApp('/brand/brands/9/campaigns/11/edit');
    expect(await screen.findByText('Failed to load campaign')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('deletes after confirmation and returns to the list', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      'DELETE campaign/delete/11/': replies.status('Campaign deleted'),
      'GET brand/3/campaigns/': campaignList,
    });
    const app = renderBrandApp('/brand/brands/3/campaigns/11/edit', { state: { campaign } });
    await findHeading('Edit Campaign');
    await app.user.click(screen.getByRole('button', { name: 'Delete Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete campaign?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete Campaign' }));
    expect(await screen.findByText('Campaign deleted')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/brand/brands/3/campaigns'));
    expect(api.callsTo('DELETE campaign/delete/11/')).toHaveLength(1);
  });

  it.each([['update', 'Save Changes', 'Failed to update campaign']])(
    "falls back to 'Failed to %s campaign'",
    async (_verb, button, message) => {
      fakeApi({ [PRODUCTS]: activeProducts, [PATCH]: replies.bodiless(500) });
      const app = renderBrandApp('/brand/brands/3/campaigns/11/edit', { state: { campaign } });
      await findHeading('Edit Campaign');
      await app.user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );

  it("falls back to 'Failed to delete campaign'", async () => {
    fakeApi({ [PRODUCTS]: activeProducts, 'DELETE campaign/delete/11/': replies.bodiless(500) });
    const app = renderBrandApp('/brand/brands/3/campaigns/11/edit', { state: { campaign } });
    await findHeading('Edit Campaign');
    await app.user.click(screen.getByRole('button', { name: 'Delete Campaign' }));
    await app.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Campaign' }),
    );
    expect(await screen.findByText('Failed to delete campaign')).toBeInTheDocument();
  });

  it("says 'Failed to load campaign' when it cannot be read", async () => {
    fakeApi({ 'GET campaign/11/': replies.failure(404, 'Not found') });
    renderBrandApp('/brand/brands/3/campaigns/11/edit');
    expect(
      await screen.findByText('Failed to load campaign', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });
});

describe('Create Campaign for a member whose role may not', () => {
  it('a finance member may not create a campaign, and is told why', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      [CREATE]: replies.campaignWritten(makeCampaign(), 'Campaign created', 201),
      'GET brand/3/campaigns/': campaignList,
    });
    renderBrandApp('/brand/brands/3/campaigns/create', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Create Campaign');
    // The form is read, products included, before its button is judged.
    await waitFor(() => expect(pickerOptions()).toContain('House Blend'));
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    const create = screen.getByRole('button', { name: 'Create Campaign' });
    expect(create).toBeDisabled();
    expect(create.parentElement).toHaveAttribute('title', why);
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});

describe('Edit Campaign for a member whose role may not', () => {
  const campaign = makeCampaign({ id: 11, title: 'Spring Launch' });

  it('a finance member sees Delete Campaign disabled, with why, and no confirmation', async () => {
    const api = fakeApi({
      [PRODUCTS]: activeProducts,
      'DELETE campaign/delete/11/': replies.status('Campaign deleted'),
    });
    const app = renderBrandApp('/brand/brands/3/campaigns/11/edit', {
      state: { campaign },
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Edit Campaign');
    const remove = screen.getByRole('button', { name: 'Delete Campaign' });
    expect(remove).toBeDisabled();
    expect(remove.parentElement).toHaveAttribute(
      'title',
      'This needs the owner or admin role on this brand; yours is finance.',
    );
    await app.user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE campaign/delete/11/')).toHaveLength(0);
  });
});
