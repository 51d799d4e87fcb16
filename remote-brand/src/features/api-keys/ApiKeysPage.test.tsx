/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from './apiKeysApi';
import { fakeApi, type FakeCall, replies } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const KEYS = 'GET brand/3/api-keys/';
const CREATE = 'POST brand/3/api-keys/';

const secretKey: ApiKey = {
  id: 5,
  kind: 'secret',
  prefix: 'sk_live_AbCd',
  created_at: '2025-03-01T09:00:00Z',
  revoked_at: null,
};
const revokedKey: ApiKey = {
  id: 4,
  kind: 'publishable',
  prefix: 'pk_live_ZzYy',
  created_at: '2025-02-02T09:00:00Z',
  revoked_at: '2025-02-23T09:00:00Z',
};

/** A server holding the brand's keys: create adds one, revoke stamps it. */
function keyServer(initial: ApiKey[]) {
  let keys = [...initial];
  return fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    [KEYS]: () => replies.apiKeys(keys),
    [CREATE]: ({ body }: FakeCall) => {
      const kind = (body as { kind: ApiKey['kind'] }).kind;
      const prefix = kind === 'secret' ? 'sk_live_New1' : 'pk_live_New1';
      const key = { id: 9, kind, prefix, created_at: '2025-05-03T09:00:00Z' };
      keys = [...keys, { ...key, revoked_at: null }];
      return replies.apiKeyCreated(key, `${prefix}restOfTheKey0123456789abcdef`);
    },
    'DELETE brand/3/api-keys/5/': () => {
      keys = keys.map((k) => (k.id === 5 ? { ...k, revoked_at: '2025-05-04T09:00:00Z' } : k));
      return replies.status('Key revoked');
    },
  });
}

async function openKeys(initial: ApiKey[] = [secretKey, revokedKey]) {
  const api = keyServer(initial);
  const app = renderBrandApp('/brand/brands/3/api-keys');
  await findHeading('API keys');
  await screen.findByText('sk_live_AbCd…');
  return { api, app };
}

const keyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('API keys', () => {
  it('lists kind, prefix, created date and revocation; only active keys can be revoked', async () => {
    await openKeys();
    const [active, revoked] = keyRows();
    expect(
      within(active)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Secret key', 'sk_live_AbCd…', 'Mar 1, 2025', 'Active', 'Revoke']);
    expect(
      within(revoked)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Publishable key', 'pk_live_ZzYy…', 'Feb 2, 2025', 'Revoked Feb 23, 2025', '']);
    expect(screen.getByRole('link', { name: 'API Documentation' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('creates a secret key and shows it once with a Copy button and a warning', async () => {
    const { api, app } = await openKeys();
    await app.user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new secret key' });
    expect(api.bodyOf(CREATE)).toEqual({ kind: 'secret' });
    expect(within(dialog).getByLabelText('New key')).toHaveTextContent(
      'sk_live_New1restOfTheKey0123456789abcdef',
    );
    expect(within(dialog).getByRole('note')).toHaveTextContent('It will not be shown again');

    // This environment's Blob is Node's, which user-event's clipboard cannot read back: spy instead.
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await app.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith('sk_live_New1restOfTheKey0123456789abcdef');

    await app.user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is fetched again and shows the new key by its prefix only.
    expect(await screen.findByText('sk_live_New1…')).toBeInTheDocument();
    expect(screen.queryByText(/restOfTheKey/)).not.toBeInTheDocument();
  });

  it('puts a new publishable key into the script tag snippet', async () => {
    const { api, app } = await openKeys();
    expect(screen.getByLabelText('Script tag')).toHaveTextContent('data-key="pk_live_…"');
    await app.user.selectOptions(screen.getByLabelText('Key type'), 'publishable');
    await app.user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Your new publishable key' });
    expect(api.bodyOf(CREATE)).toEqual({ kind: 'publishable' });
    await app.user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.getByLabelText('Script tag')).toHaveTextContent(
      `<script src="http://localhost/sdk/v1.js" data-key="pk_live_New1restOfTheKey0123456789abcdef" async></script>`,
    );
    expect(screen.getByLabelText('Server code')).toHaveTextContent('createTrackingClient({');
  });

  it('shows the confirmation page call, quantity included, and how to install the server client', async () => {
    await openKeys();
    const call = screen.getByLabelText('Confirmation page');
    expect(call).toHaveTextContent('Advocately.trackConversion({');
    for (const field of ['conversionRef:', 'value:', 'currency:', 'productId:', 'quantity:'])
      expect(call).toHaveTextContent(field);
    expect(screen.getByLabelText('Install the server client')).toHaveTextContent(
      'npm install ./path/to/advocately/sdk',
    );
  });

  it('revokes a key only after confirmation', async () => {
    const { api, app } = await openKeys();
    await app.user.click(screen.getByRole('button', { name: 'Revoke sk_live_AbCd' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveTextContent('sk_live_AbCd…');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE brand/3/api-keys/5/')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Revoke sk_live_AbCd' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE brand/3/api-keys/5/')).toHaveLength(1);
    await waitFor(() => expect(keyRows()[0]).toHaveTextContent('Revoked May 4, 2025'));
    expect(screen.queryByRole('button', { name: 'Revoke sk_live_AbCd' })).not.toBeInTheDocument();
  });

  it("says 'No API keys yet.' and 'Failed to load API keys'", async () => {
    fakeApi({ 'GET brand/3/': replies.bodiless(404), [KEYS]: replies.apiKeys([]) });
    const first = renderBrandApp('/brand/brands/3/api-keys');
    expect(
      await screen.findByText('No API keys yet.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    first.unmount();

    fakeApi({
      'GET brand/3/': replies.bodiless(404),
      [KEYS]: replies.failure(403, 'Not yours'),
    });
    renderBrandApp('/brand/brands/3/api-keys');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Failed to load API keys',
    );
  });

  it('is linked from the brand cards and the brand profile', async () => {
    fakeApi({
      'GET brand/list/': replies.brandList([makeBrand()]),
      'GET brand/3/': replies.brand(makeBrand()),
    });
    const app = renderBrandApp('/brand/brands');
    expect(
      await screen.findByRole('link', { name: 'API Keys of Acme Coffee' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/brand/brands/3/api-keys');
    await app.user.click(screen.getByRole('link', { name: 'View Profile' }));
    expect(
      await screen.findByRole('link', { name: 'API Keys' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/brand/brands/3/api-keys');
  });

  it('a finance member sees the keys but may not create or revoke one, and is told why', async () => {
    keyServer([secretKey]);
    renderBrandApp('/brand/brands/3/api-keys', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    await screen.findByText('sk_live_AbCd…');
    const why = 'This needs the owner or admin role on this brand; yours is finance.';
    const create = screen.getByRole('button', { name: 'Create key' });
    expect(create).toBeDisabled();
    expect(create.parentElement).toHaveAttribute('title', why);
    expect(screen.getByRole('button', { name: 'Revoke sk_live_AbCd' })).toBeDisabled();
  });
});
