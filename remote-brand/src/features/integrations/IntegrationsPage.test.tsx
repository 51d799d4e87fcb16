/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, replies } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { CHECKOUT_SNIPPET } from './StripeIntegration';
import { makePromotionCode, makeStripeEvent, makeStripeIntegration } from './stripe.fixtures';

const STRIPE = 'GET brand/3/integrations/stripe/';
const CONNECT = 'PUT brand/3/integrations/stripe/';
const TEST_EVENT = 'POST brand/3/integrations/stripe/test-event/';
const ENDPOINT = 'https://app.example/api/v1/integrations/stripe/webhook/3/';

describe('Integrations: Stripe', () => {
  it('connects with a restricted key, shows Connected only once Send test event brought a signed event, and the event log with time and mode', async () => {
    let state: 'none' | 'awaiting' | 'verified' = 'none';
    const connected = {
      connected: true,
      mode: 'test' as const,
      connected_with: 'api_key' as const,
      api_key_hint: 'rk_test_…abcd',
      webhook_endpoint_id: 'we_123',
      connected_at: '2030-01-01T12:00:00.000Z',
    };
    const api = fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [STRIPE]: () => ({
        body:
          state === 'none'
            ? makeStripeIntegration()
            : state === 'awaiting'
              ? makeStripeIntegration(connected)
              : makeStripeIntegration({
                  ...connected,
                  verified_at: '2030-01-01T12:01:05.000Z',
                  events: [
                    makeStripeEvent({
                      type: 'customer.created',
                      outcome: 'ignored',
                      detail: 'The test event (Send test event): signed and received',
                      livemode: false,
                    }),
                  ],
                }),
      }),
      [CONNECT]: () => {
        state = 'awaiting';
        return {
          body: {
            status: 'success',
            endpoint_url: ENDPOINT,
            mode: 'test',
            webhook_endpoint_id: 'we_123',
          },
        };
      },
      [TEST_EVENT]: () => {
        state = 'verified';
        return { body: { status: 'success', message: 'Sending', object_id: 'cus_1' } };
      },
    });
    renderBrandApp('/brand/brands/3/integrations');
    await findHeading('Integrations');
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    // The permissions the key needs, and the copyable Checkout snippet with the adv_cid cookie.
    const permissions = screen.getByRole('list', { name: 'Permissions the key needs' });
    expect(within(permissions).getByText('Webhook Endpoints: Write')).toBeInTheDocument();
    expect(within(permissions).getByText('Promotion Codes: Read')).toBeInTheDocument();
    expect(screen.getByLabelText('Checkout snippet')).toHaveTextContent(
      'client_reference_id: req.cookies.adv_cid',
    );
    expect(CHECKOUT_SNIPPET).toContain('adv_cid');

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Connect Stripe with a restricted key' });
    await user.type(within(form).getByLabelText('Restricted key'), 'sk_live_not_restricted');
    await user.click(within(form).getByRole('button', { name: 'Connect Stripe' }));
    expect(
      await screen.findByText('A restricted key starts with rk_live_ or rk_test_'),
    ).toBeInTheDocument();
    expect(api.callsTo(CONNECT)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Restricted key'));
    await user.type(within(form).getByLabelText('Restricted key'), 'rk_test_51abcdefghijabcd');
    await user.click(within(form).getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() =>
      expect(api.bodyOf(CONNECT)).toEqual({ api_key: 'rk_test_51abcdefghijabcd' }),
    );
    // Stripe answered, no signed event yet: not Connected, and the mode is said.
    expect(await screen.findByText('Waiting for a first event')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.queryByText('Connected')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(api.callsTo(TEST_EVENT)).toHaveLength(1);
    const events = screen.getByRole('table', { name: 'Latest Stripe events' });
    const row = within(events).getByRole('row', { name: /customer\.created/ });
    // Date and time, and the mode.
    expect(within(row).getByText(/^Jan 1, 2030, \d{1,2}:01:05\s[AP]M$/)).toBeInTheDocument();
    expect(within(row).getByText('Test')).toBeInTheDocument();
  });

  it('connects by a pasted secret in the mode the brand chooses', async () => {
    const api = fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [STRIPE]: { body: makeStripeIntegration() },
      [CONNECT]: {
        body: {
          status: 'success',
          endpoint_url: ENDPOINT,
          mode: 'test',
          webhook_endpoint_id: null,
        },
      },
    });
    const { user } = renderBrandApp('/brand/brands/3/integrations');
    await findHeading('Integrations');
    expect(await screen.findByText(ENDPOINT)).toBeInTheDocument();
    expect(screen.getByText('invoice.paid')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Connect Stripe with a signing secret' });
    await user.type(within(form).getByLabelText('Signing secret'), 'not-a-secret');
    await user.click(within(form).getByRole('button', { name: 'Connect with secret' }));
    expect(await screen.findByText('A signing secret starts with whsec_')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Signing secret'));
    await user.type(within(form).getByLabelText('Signing secret'), 'whsec_abcdefghijklmnop');
    await user.selectOptions(within(form).getByLabelText('Stripe mode'), 'test');
    await user.click(within(form).getByRole('button', { name: 'Connect with secret' }));
    await waitFor(() =>
      expect(api.bodyOf(CONNECT)).toEqual({
        webhook_secret: 'whsec_abcdefghijklmnop',
        mode: 'test',
      }),
    );
  });

  it('lists every promotion code given, with its advocate and campaign', async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [STRIPE]: {
        body: makeStripeIntegration({
          promotion_codes: [
            makePromotionCode(),
            makePromotionCode({
              code: 'BEN5',
              advocate: 'ben',
              campaign: 'Summer',
              campaign_id: 10,
            }),
          ],
        }),
      },
    });
    renderBrandApp('/brand/brands/3/integrations');
    const table = await screen.findByRole('table', { name: 'Promotion codes given to advocates' });
    const spring = await within(table).findByRole('row', { name: /SPRING-ALEX10/ });
    expect(within(spring).getByText('alex')).toBeInTheDocument();
    expect(within(spring).getByRole('link', { name: 'Spring' })).toHaveAttribute(
      'href',
      '/brand/brands/3/campaigns/9',
    );
    expect(within(table).getByRole('row', { name: /BEN5/ })).toBeInTheDocument();
  });

  it('a finance member sees the connection but may not replace it, test it or disconnect, and is told why', async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [STRIPE]: {
        body: makeStripeIntegration({
          connected: true,
          mode: 'live',
          connected_with: 'api_key',
          verified_at: '2030-01-01T12:00:00.000Z',
          connected_at: '2030-01-01T12:00:00.000Z',
        }),
      },
    });
    renderBrandApp('/brand/brands/3/integrations', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Integrations');
    expect(await screen.findByText('Live mode')).toBeInTheDocument();
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    for (const name of ['Replace key', 'Send test event', 'Disconnect']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button.parentElement).toHaveAttribute('title', why);
    }
  });
});
