import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeRoutes, heldReply, replies } from 'shared-api/testing';
import { makeCampaign } from '../../test/fixtures';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const CAMPAIGN = 'GET campaign/11/';
const JOIN = 'POST join-campaign/';
const MY_LINKS = 'GET campaign/11/share-links/';

const campaign = makeCampaign({
  products: [
    { id: 1, name: 'House Blend', product_url: null },
    // Decaf gets no share link below, so it falls back to its own URL.
    { id: 2, name: 'Decaf', product_url: 'https://acme.example/decaf' },
  ],
});

const joined = replies.joined({
  status: 'Joined campaign',
  share_links: [{ product_id: 1, url: 'https://app.test/r/AbCdEf12345' }],
});

async function openCampaign(join: FakeRoutes[typeof JOIN] = joined) {
  const api = fakeApi({ [CAMPAIGN]: replies.campaign(campaign), [JOIN]: join });
  const app = renderAdvocateApp('/advocate/campaigns/11');
  await findHeading('Spring Launch');
  return { api, app };
}

describe('campaign detail', () => {
  it('shows title, brand, description, products and the reward rule', async () => {
    await openCampaign();
    const about = screen.getByRole('region', { name: 'About this campaign' });
    expect(
      within(about).getByText('Tell your friends about our spring roast.'),
    ).toBeInTheDocument();
    expect(within(about).getByText('Acme Coffee')).toBeInTheDocument();
    expect(within(about).getByText('10% of each sale')).toBeInTheDocument();
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['House Blend', 'Decaf']);
  });

  it('joins with the numeric id, the advocate_ui source and the bearer token, then shows the links', async () => {
    const held = heldReply(joined);
    const { api, app } = await openCampaign(held.route);
    await app.user.click(await screen.findByRole('button', { name: 'Join this Campaign' }));
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
    held.release();

    expect(await screen.findByRole('status')).toHaveTextContent('Joined campaign');
    const [call] = api.callsTo(JOIN);
    expect(call.body).toEqual({ id: 11, source: 'advocate_ui' });
    expect(call.authorization).toBe('Bearer test-token');

    const links = within(screen.getByRole('list', { name: 'Share links' })).getAllByRole(
      'listitem',
    );
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent('House Blend');
    expect(within(links[0]).getByRole('link')).toHaveAttribute(
      'href',
      'https://app.test/r/AbCdEf12345',
    );
    // No share link for Decaf: its own product_url is the fallback, marked as untracked.
    expect(links[1]).toHaveTextContent('Decaf');
    expect(links[1]).toHaveTextContent('not tracked');
    expect(within(links[1]).getByRole('link')).toHaveAttribute(
      'href',
      'https://acme.example/decaf',
    );
  });

  it("copies a link and reads 'Copied'", async () => {
    const { app } = await openCampaign();
    await app.user.click(await screen.findByRole('button', { name: 'Join this Campaign' }));
    const links = await screen.findByRole('list', { name: 'Share links' });
    const first = within(links).getAllByRole('listitem')[0];
    await app.user.click(within(first).getByRole('button', { name: 'Copy' }));
    expect(within(first).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('https://app.test/r/AbCdEf12345');
  });

  it('names a lone share_link after the only product', async () => {
    fakeApi({
      [CAMPAIGN]: replies.campaign(
        makeCampaign({ products: [{ id: 1, name: 'House Blend', product_url: null }] }),
      ),
      [JOIN]: replies.joined(
        {
          status: 'Already joined',
          share_links: [{ product_id: 1, url: 'https://app.test/r/Single12345' }],
          share_link: 'https://app.test/r/Single12345',
        },
        200,
      ),
    });
    const app = renderAdvocateApp('/advocate/campaigns/11');
    await findHeading('Spring Launch');
    await app.user.click(await screen.findByRole('button', { name: 'Join this Campaign' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Already joined');
    const [item] = within(screen.getByRole('list', { name: 'Share links' })).getAllByRole(
      'listitem',
    );
    expect(item).toHaveTextContent('House Blend');
    expect(within(item).getByRole('link')).toHaveAttribute(
      'href',
      'https://app.test/r/Single12345',
    );
  });

  it.each([
    [replies.failure(400, 'Campaign is not active'), 'Campaign is not active'],
    [replies.bodiless(400), 'Validation error'],
    [replies.failure(401, 'Token expired'), 'Unauthorized. Please sign in again.'],
    [
      replies.failure(403, 'Advocate role required'),
      "Forbidden. You don't have permission to join this campaign.",
    ],
    [replies.failure(404, 'Campaign not found'), 'Campaign not found'],
    [replies.bodiless(404), 'An unexpected error occurred. Please try again later.'],
    [replies.bodiless(500), 'An unexpected error occurred. Please try again later.'],
    [replies.bodiless(502), 'Failed to join campaign'],
  ])('a reply %j shows %p and lets the advocate try again', async (reply, message) => {
    const { status } = reply;
    const routes: FakeRoutes = {
      [CAMPAIGN]: replies.campaign(campaign),
      [JOIN]: reply,
    };
    // A 401 makes the base query refresh the token once; the refresh is refused here.
    if (status === 401) routes['POST token/refresh/'] = replies.bodiless(401);
    fakeApi(routes);
    const app = renderAdvocateApp('/advocate/campaigns/11');
    await findHeading('Spring Launch');
    await app.user.click(await screen.findByRole('button', { name: 'Join this Campaign' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Join this Campaign' })).toBeEnabled(),
    );
    expect(screen.queryByRole('list', { name: 'Share links' })).not.toBeInTheDocument();
  });

  it('after a reload, a campaign joined before shows its links at once, without joining again', async () => {
    const api = fakeApi({
      [CAMPAIGN]: replies.campaign(campaign),
      [MY_LINKS]: replies.myLinks([{ product_id: 1, url: 'https://app.test/r/Earlier12345' }]),
    });
    renderAdvocateApp('/advocate/campaigns/11');
    await findHeading('Spring Launch');
    expect(await screen.findByText('Already joined')).toBeInTheDocument();
    const [first] = within(screen.getByRole('list', { name: 'Share links' })).getAllByRole(
      'listitem',
    );
    expect(within(first).getByRole('link')).toHaveAttribute(
      'href',
      'https://app.test/r/Earlier12345',
    );
    expect(screen.queryByRole('button', { name: 'Join this Campaign' })).not.toBeInTheDocument();
    expect(api.callsTo(JOIN)).toHaveLength(0);
    expect(api.callsTo(MY_LINKS)[0].authorization).toBe('Bearer test-token');
  });

  it('offers Join when the advocate has not joined yet', async () => {
    fakeApi({
      [CAMPAIGN]: replies.campaign(campaign),
      [MY_LINKS]: replies.myLinks([]),
    });
    renderAdvocateApp('/advocate/campaigns/11');
    expect(
      await screen.findByRole('button', { name: 'Join this Campaign' }, { timeout: 10_000 }),
    ).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Share links' })).not.toBeInTheDocument();
  });

  it("says 'No campaign found.' for an unknown campaign", async () => {
    fakeApi({ [CAMPAIGN]: replies.failure(404, 'Campaign not found') });
    renderAdvocateApp('/advocate/campaigns/11');
    expect(
      await screen.findByRole('heading', { name: 'No campaign found.' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('needs a numeric campaign id and asks the server nothing without one', async () => {
    const api = fakeApi({});
    renderAdvocateApp('/advocate/campaigns/abc');
    expect(
      await screen.findByRole('heading', { name: 'No campaign found.' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Join this Campaign' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load campaign' when loading fails", async () => {
    fakeApi({ [CAMPAIGN]: replies.bodiless(500) });
    renderAdvocateApp('/advocate/campaigns/11');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Failed to load campaign',
    );
  });
});
