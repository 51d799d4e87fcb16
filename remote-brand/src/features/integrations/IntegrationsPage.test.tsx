/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StripeIntegrationReply } from 'contract';
import { fakeApi, replies } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const STRIPE = 'GET brand/3/integrations/stripe/';
const CONNECT = 'PUT brand/3/integrations/stripe/';
const ENDPOINT = 'https://app.example/api/v1/integrations/stripe/webhook/3/';

function integration(overrides: Partial<StripeIntegrationReply> = {}): StripeIntegrationReply {
  return {
    status: 'success',
    connected: false,
    endpoint_url: ENDPOINT,
    connected_at: null,
    events_to_select: ['checkout.session.completed', 'invoice.paid', 'charge.refunded'],
    events: [],
    ...overrides,
  };
}

describe('Integrations', () => {
  it('shows the endpoint and the events to select, connects with a pasted whsec_ secret, then lists the latest events', async () => {
    let connected = false;
    const api = fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [STRIPE]: () => ({
        body: connected
          ? integration({
              connected: true,
              connected_at: '2030-01-01T12:00:00.000Z',
              events: [
                {
                  id: 'evt_1',
                  type: 'checkout.session.completed',
                  object_id: 'cs_1',
                  outcome: 'attributed',
                  detail: 'Purchase of 50.00 USD by click id: reward 5.00 USD',
                  conversion_id: 7,
                  received_at: '2030-01-01T12:01:00.000Z',
                },
              ],
            })
          : integration(),
      }),
      [CONNECT]: () => {
        connected = true;
        return { body: { status: 'success', endpoint_url: ENDPOINT } };
      },
    });
    renderBrandApp('/brand/brands/3/integrations');
    await findHeading('Integrations');
    expect(await screen.findByText(ENDPOINT)).toBeInTheDocument();
    expect(screen.getByText('invoice.paid')).toBeInTheDocument();
    expect(screen.getByText('Not connected')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Signing secret'), 'not-a-secret');
    await user.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    expect(await screen.findByText('A signing secret starts with whsec_')).toBeInTheDocument();
    expect(api.callsTo(CONNECT)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Signing secret'));
    await user.type(screen.getByLabelText('Signing secret'), 'whsec_abcdefghijklmnop');
    await user.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() =>
      expect(api.bodyOf(CONNECT)).toEqual({ webhook_secret: 'whsec_abcdefghijklmnop' }),
    );
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table).getByText('Purchase of 50.00 USD by click id: reward 5.00 USD'),
    ).toBeInTheDocument();
    expect(within(table).getByText('attributed')).toBeInTheDocument();
  });

  it('a finance member sees the connection but may not replace the secret or disconnect, and is told why', async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [STRIPE]: () => ({
        body: integration({ connected: true, connected_at: '2030-01-01T12:00:00.000Z' }),
      }),
    });
    renderBrandApp('/brand/brands/3/integrations', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Integrations');
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    const replace = await screen.findByRole('button', { name: 'Replace secret' });
    expect(replace).toBeDisabled();
    expect(replace.parentElement).toHaveAttribute('title', why);
    const disconnect = screen.getByRole('button', { name: 'Disconnect' });
    expect(disconnect).toBeDisabled();
    expect(disconnect.parentElement).toHaveAttribute('title', why);
  });
});
