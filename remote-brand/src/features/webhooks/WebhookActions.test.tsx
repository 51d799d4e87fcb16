/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookAttemptView } from 'contract';
import { fakeApi, type FakeCall, replies } from 'shared-api/testing';
import { makeBrand, makeWebhook } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

// The row actions of Brands → a brand → Webhooks against a small in-memory server: what the
// owner sees after each, and what the server was sent.
const ONE = 'brand/3/webhooks/7/';

const hook = makeWebhook();

const testAttempt = (status_code: number | null, error: string | null): WebhookAttemptView => ({
  id: 21,
  delivery_id: 9,
  message_id: 'msg_test',
  event_type: 'webhook.test',
  attempt: 1,
  status_code,
  response_ms: 12,
  response_body: status_code === 200 ? 'ok' : '',
  error,
  attempted_at: '2025-03-02T10:00:00Z',
  next_attempt_at: null,
  delivery_status: status_code === 200 ? 'succeeded' : 'failed',
  payload: '{"type":"webhook.test","timestamp":"2025-03-02T10:00:00.000Z","data":{}}',
});

function hookServer(test: WebhookAttemptView) {
  let hooks = [hook];
  let attempts: WebhookAttemptView[] = [];
  return fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    'GET brand/3/webhooks/': () => ({ body: { webhooks: hooks } }),
    [`GET ${ONE}deliveries/`]: () => ({
      body: { results: attempts, meta: { total: attempts.length, page: 1, pages: 1 } },
    }),
    [`PATCH ${ONE}`]: ({ body }: FakeCall) => {
      hooks = hooks.map((h) => (h.id === 7 ? { ...h, ...(body as object) } : h));
      return { body: { webhook: hooks[0] } };
    },
    [`DELETE ${ONE}`]: () => {
      hooks = [];
      return { body: { status: 'success' as const, message: 'Webhook deleted' } };
    },
    [`POST ${ONE}rotate-secret/`]: {
      body: {
        secret: 'whsec_bmV3c2VjcmV0bmV3c2VjcmV0',
        old_secret_signs_until: '2025-03-03T10:00:00Z',
        overlap_hours: 24,
      },
    },
    [`POST ${ONE}test/`]: () => {
      attempts = [test];
      return { body: { attempt: test } };
    },
  });
}

async function openWebhooks(test = testAttempt(200, null)) {
  const api = hookServer(test);
  const app = renderBrandApp('/brand/brands/3/webhooks');
  await findHeading('Webhooks');
  await screen.findByText(hook.url, { selector: 'code' });
  const row = () => within(screen.getByRole('table', { name: 'Webhooks' }));
  return { api, user: app.user, row };
}

describe('Webhooks: the row actions', () => {
  it('Edit changes the url and events and the table shows them', async () => {
    const { api, user, row } = await openWebhooks();
    await user.click(row().getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    const url = within(dialog).getByLabelText('Endpoint URL');
    expect(url).toHaveValue(hook.url);
    await user.clear(url);
    await user.type(url, 'https://crm.example.com/v2');
    await user.click(within(dialog).getByLabelText('Payout paid'));
    await user.click(within(dialog).getByLabelText('Advocate joined'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    expect(api.bodyOf(`PATCH ${ONE}`)).toEqual({
      url: 'https://crm.example.com/v2',
      events: ['conversion.created', 'advocate.joined'],
    });
    expect(
      await screen.findByText('https://crm.example.com/v2', { selector: 'code' }),
    ).toBeInTheDocument();
    expect(row().getByRole('row', { name: /v2/ })).toHaveTextContent(
      'Conversion created, Advocate joined',
    );
    expect(screen.queryByRole('dialog', { name: 'Edit webhook' })).not.toBeInTheDocument();
  });

  it('Rotate secret asks first, then shows the new secret once and that both sign for 24 hours', async () => {
    const { api, user, row } = await openWebhooks();
    await user.click(row().getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(confirm).toHaveTextContent(
      'the old one keeps signing beside it for a transition period',
    );
    expect(api.callsTo(`POST ${ONE}rotate-secret/`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveTextContent(
      'whsec_bmV3c2VjcmV0bmV3c2VjcmV0',
    );
    expect(shown).toHaveTextContent(
      /Both secrets sign deliveries for 24 hours, until Mar 3, 2025, \d{1,2}:00\s[AP]M/,
    );
    expect(shown).not.toHaveTextContent('no longer signs');
    expect(api.callsTo(`POST ${ONE}rotate-secret/`)).toHaveLength(1);
    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(/whsec_/)).not.toBeInTheDocument());
  });

  it('Delete asks first; cancelling keeps the webhook, confirming removes it', async () => {
    const { api, user, row } = await openWebhooks();
    await user.click(row().getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(confirm).toHaveTextContent(`${hook.url} will receive no more events`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${ONE}`)).toHaveLength(0);

    await user.click(row().getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${ONE}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByText(hook.url, { selector: 'code' })).not.toBeInTheDocument(),
    );
  });

  it('Send test says the receiver accepted it and the log shows the test event', async () => {
    const { api, user, row } = await openWebhooks();
    await user.click(row().getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test event delivered (200)')).toBeInTheDocument();
    expect(api.callsTo(`POST ${ONE}test/`)).toHaveLength(1);
    const log = await screen.findByRole('table', { name: 'Delivery attempts' });
    await waitFor(() => expect(log).toHaveTextContent('Test event'));
    expect(log).toHaveTextContent('200');
  });

  it('Send test says so when the receiver refuses it', async () => {
    const { user, row } = await openWebhooks(testAttempt(503, null));
    await user.click(row().getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test event not accepted: 503')).toBeInTheDocument();
  });
});
