/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookIntegrationReply, WebhookProvider } from 'contract';
import { fakeApi, replies } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const LABELS: Record<WebhookProvider, string> = {
  paddle: 'Paddle',
  lemonsqueezy: 'Lemon Squeezy',
  shopify: 'Shopify',
};

function integration(
  provider: WebhookProvider,
  overrides: Partial<WebhookIntegrationReply> = {},
): WebhookIntegrationReply {
  return {
    status: 'success',
    provider,
    label: LABELS[provider],
    connected: false,
    endpoint_url: `https://app.example/api/v1/integrations/${provider}/webhook/3/`,
    connected_at: null,
    events_to_select:
      provider === 'shopify' ? ['orders/paid', 'refunds/create'] : ['transaction.completed'],
    events: [],
    ...overrides,
  };
}

const panelOf = async (name: string) => {
  const heading = await screen.findByRole('heading', { name });
  return within(heading.closest('section') as HTMLElement);
};

describe('Integrations: Paddle, Lemon Squeezy and Shopify', () => {
  it('each card shows its endpoint and events; Paddle connects with a pasted secret; a connected one lists its events with date and time', async () => {
    let paddleConnected = false;
    const api = fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      'GET brand/3/integrations/paddle/': () => ({
        body: integration('paddle', { connected: paddleConnected }),
      }),
      'PUT brand/3/integrations/paddle/': () => {
        paddleConnected = true;
        return {
          body: { status: 'success', endpoint_url: integration('paddle').endpoint_url },
        };
      },
      'GET brand/3/integrations/lemonsqueezy/': () => ({
        body: integration('lemonsqueezy', {
          connected: true,
          connected_at: '2030-01-01T12:00:00.000Z',
          events: [
            {
              id: 'sha256:ab',
              type: 'order_created',
              object_id: '1042',
              outcome: 'attributed',
              detail: 'Purchase of 20.00 USD by click id: reward 2.00 USD',
              conversion_id: 7,
              received_at: '2030-01-01T12:01:02.000Z',
            },
          ],
        }),
      }),
      'GET brand/3/integrations/shopify/': () => ({ body: integration('shopify') }),
    });
    renderBrandApp('/brand/brands/3/integrations');
    await findHeading('Integrations');

    const paddle = await panelOf('Paddle');
    expect(
      await paddle.findByText('https://app.example/api/v1/integrations/paddle/webhook/3/'),
    ).toBeInTheDocument();
    expect(paddle.getByText('transaction.completed')).toBeInTheDocument();
    expect(paddle.getByText('Not connected')).toBeInTheDocument();
    const shopify = await panelOf('Shopify');
    expect(await shopify.findByText('refunds/create')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(paddle.getByLabelText('Paddle secret key'), 'ab c');
    await user.click(paddle.getByRole('button', { name: 'Connect Paddle' }));
    expect(
      await paddle.findByText('A signing secret has at least 6 characters'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT brand/3/integrations/paddle/')).toHaveLength(0);
    await user.clear(paddle.getByLabelText('Paddle secret key'));
    await user.type(paddle.getByLabelText('Paddle secret key'), 'pdl_ntfset_01abcdef');
    await user.click(paddle.getByRole('button', { name: 'Connect Paddle' }));
    await waitFor(() =>
      expect(api.bodyOf('PUT brand/3/integrations/paddle/')).toEqual({
        webhook_secret: 'pdl_ntfset_01abcdef',
      }),
    );
    expect(await paddle.findByText('Connected')).toBeInTheDocument();
    expect(paddle.getByRole('button', { name: 'Replace secret' })).toBeInTheDocument();

    const lemon = await panelOf('Lemon Squeezy');
    const table = await lemon.findByRole('table');
    expect(
      within(table).getByText('Purchase of 20.00 USD by click id: reward 2.00 USD'),
    ).toBeInTheDocument();
    expect(within(table).getByText(/12:01:02/)).toBeInTheDocument();
    // What became of it, in words (not the raw 'attributed').
    expect(within(table).getByText('Attributed')).toBeInTheDocument();
  });

  it('a finance member may not connect or disconnect, and is told why', async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      'GET brand/3/integrations/paddle/': () => ({ body: integration('paddle') }),
      'GET brand/3/integrations/lemonsqueezy/': () => ({ body: integration('lemonsqueezy') }),
      'GET brand/3/integrations/shopify/': () => ({
        body: integration('shopify', { connected: true, connected_at: '2030-01-01T12:00:00Z' }),
      }),
    });
    renderBrandApp('/brand/brands/3/integrations', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    const paddle = await panelOf('Paddle');
    const connect = await paddle.findByRole('button', { name: 'Connect Paddle' });
    expect(connect).toBeDisabled();
    expect(connect.parentElement).toHaveAttribute('title', why);
    const shopify = await panelOf('Shopify');
    const disconnect = await shopify.findByRole('button', { name: 'Disconnect Shopify' });
    expect(disconnect).toBeDisabled();
  });

  it("each card's secret field is its own, named by its own label (no id shared with another form)", async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      'GET brand/3/integrations/paddle/': () => ({ body: integration('paddle') }),
      'GET brand/3/integrations/lemonsqueezy/': () => ({ body: integration('lemonsqueezy') }),
      'GET brand/3/integrations/shopify/': () => ({ body: integration('shopify') }),
    });
    renderBrandApp('/brand/brands/3/integrations');
    const fields: HTMLElement[] = [];
    for (const [label, secretLabel] of [
      ['Paddle', 'Paddle secret key'],
      ['Lemon Squeezy', 'Lemon Squeezy signing secret'],
      ['Shopify', 'Shopify signing key'],
    ]) {
      const card = await panelOf(label);
      await card.findByRole('button', { name: `Connect ${label}` });
      const field = card.getByLabelText(secretLabel);
      expect(document.querySelectorAll(`[id="${field.id}"]`)).toHaveLength(1);
      fields.push(field);
    }
    expect(new Set(fields).size).toBe(3);
  });
});
