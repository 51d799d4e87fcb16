/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookAttemptView, WebhookView } from 'contract';
import { fakeApi, type FakeCall, replies } from 'shared-api/testing';
import { makeBrand, makeUser, makeWebhook } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { DELIVERY_LOG_POLL_MS } from './DeliveryLog';

const HOOKS = 'GET brand/3/webhooks/';
const CREATE = 'POST brand/3/webhooks/';
const LOG = 'GET brand/3/webhooks/7/deliveries/';

const hook = makeWebhook();

const attempt: WebhookAttemptView = {
  id: 11,
  delivery_id: 4,
  message_id: 'evt_0123',
  event_type: 'conversion.created',
  attempt: 1,
  status_code: 500,
  response_ms: 84,
  response_body: 'not now',
  error: null,
  attempted_at: '2025-03-02T10:00:00Z',
  next_attempt_at: '2025-03-02T10:00:05Z',
  delivery_status: 'pending',
  payload:
    '{"type":"conversion.created","timestamp":"2025-03-02T10:00:00.000Z","data":{"brand_id":3}}',
};

function hookServer(initial: WebhookView[]) {
  let hooks = [...initial];
  let attempts = [attempt];
  const api = fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    [HOOKS]: () => ({ body: { webhooks: hooks } }),
    [CREATE]: ({ body }: FakeCall) => {
      const { url, events } = body as { url: string; events: WebhookView['events'] };
      const created = { ...hook, id: 8, url, events };
      hooks = [...hooks, created];
      return { status: 201, body: { webhook: created, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0' } };
    },
    [LOG]: () => ({
      body: { results: attempts, meta: { total: attempts.length, page: 1, pages: 1 } },
    }),
    'POST brand/3/webhooks/7/deliveries/4/retry/': () => {
      const next = {
        ...attempt,
        id: 12,
        attempt: 2,
        status_code: 200,
        response_body: 'thanks',
        next_attempt_at: null,
        delivery_status: 'succeeded' as const,
      };
      attempts = [next, ...attempts.map((a) => ({ ...a, delivery_status: 'succeeded' as const }))];
      return { body: { attempt: next } };
    },
    'PATCH brand/3/webhooks/7/': ({ body }: FakeCall) => {
      hooks = hooks.map((h) => (h.id === 7 ? { ...h, ...(body as object) } : h));
      return { body: { webhook: hooks.find((h) => h.id === 7) ?? hook } };
    },
  });
  /** The worker delivering a new event meanwhile. */
  const deliver = (next: WebhookAttemptView) => {
    attempts = [next, ...attempts];
  };
  return Object.assign(api, { deliver });
}

async function openWebhooks() {
  const api = hookServer([hook]);
  const app = renderBrandApp('/brand/brands/3/webhooks');
  await findHeading('Webhooks');
  await screen.findByText('https://crm.example.com/hooks', { selector: 'code' });
  return { api, app };
}

describe('Webhooks', () => {
  it('lists endpoints and the delivery log; Retry sends again and the log shows 200; the payload reads as JSON', async () => {
    const { api, app } = await openWebhooks();
    const table = screen.getByRole('table', { name: 'Webhooks' });
    expect(table).toHaveTextContent('Conversion created, Payout paid');
    expect(table).toHaveTextContent('Enabled');

    const log = await screen.findByRole('table', { name: 'Delivery attempts' });
    await waitFor(() => expect(log).toHaveTextContent('500'));
    expect(log).toHaveTextContent('#1');
    expect(log).toHaveTextContent('84 ms');

    await app.user.click(within(log).getByRole('button', { name: 'Payload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversion created · attempt #1' });
    expect(within(dialog).getByLabelText('Payload').textContent).toBe(
      JSON.stringify(JSON.parse(attempt.payload), null, 2),
    );
    expect(within(dialog).getByLabelText('Response')).toHaveTextContent('not now');
    await app.user.click(within(dialog).getByRole('button', { name: /close/i }));

    await app.user.click(
      within(log).getByRole('button', { name: 'Retry attempt 1 of Conversion created' }),
    );
    expect(await screen.findByText('Delivered (200)')).toBeInTheDocument();
    expect(api.callsTo('POST brand/3/webhooks/7/deliveries/4/retry/')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Delivery attempts' })).toHaveTextContent('#2'),
    );
  });

  it('refreshes the delivery log by itself while it is open', async () => {
    const { api } = await openWebhooks();
    const log = await screen.findByRole('table', { name: 'Delivery attempts' });
    await waitFor(() => expect(log).toHaveTextContent('500'));
    api.deliver({
      ...attempt,
      id: 13,
      delivery_id: 5,
      event_type: 'payout.paid',
      status_code: 204,
      delivery_status: 'succeeded',
      next_attempt_at: null,
    });
    // No click, no reload: the next poll shows it.
    await waitFor(() => expect(log).toHaveTextContent('204'), {
      timeout: DELIVERY_LOG_POLL_MS + 4_000,
    });
  }, 30_000);

  it('adds a webhook and shows its secret once; an empty event choice is refused', async () => {
    const { api, app } = await openWebhooks();
    const form = screen.getByRole('form', { name: 'Add webhook' });
    await app.user.type(within(form).getByLabelText('Endpoint URL'), 'https://erp.example.com/in');
    for (const box of within(form).getAllByRole('checkbox')) await app.user.click(box);
    await app.user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Pick at least one event');
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await app.user.click(within(form).getByLabelText('Advocate joined'));
    await app.user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your webhook signing secret' });
    expect(api.bodyOf(CREATE)).toEqual({
      url: 'https://erp.example.com/in',
      events: ['advocate.joined'],
    });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveTextContent(
      'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    expect(
      await screen.findByText('https://erp.example.com/in', { selector: 'code' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/whsec_/)).not.toBeInTheDocument();
  });

  it('disables and enables an endpoint', async () => {
    const { api, app } = await openWebhooks();
    await app.user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Webhook disabled')).toBeInTheDocument();
    expect(api.bodyOf('PATCH brand/3/webhooks/7/')).toEqual({ enabled: false });
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('a finance member sees the endpoints and deliveries but may change none, and is told why', async () => {
    hookServer([hook]);
    renderBrandApp('/brand/brands/3/webhooks', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await findHeading('Webhooks');
    await screen.findByText('https://crm.example.com/hooks', { selector: 'code' });
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    const add = screen.getByRole('button', { name: 'Add webhook' });
    expect(add).toBeDisabled();
    expect(add.parentElement).toHaveAttribute('title', why);
    const table = screen.getByRole('table', { name: 'Webhooks' });
    for (const name of ['Send test', 'Edit', 'Disable', 'Rotate secret', 'Delete']) {
      const button = within(table).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button.parentElement).toHaveAttribute('title', why);
    }
    const log = await screen.findByRole('table', { name: 'Delivery attempts' });
    const retry = await within(log).findByRole('button', {
      name: 'Retry attempt 1 of Conversion created',
    });
    expect(retry).toBeDisabled();
    expect(retry.parentElement).toHaveAttribute('title', why);
  });
});
