/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, selectActiveRole, selectAvailableRoles, selectUser } from 'shared-api';
import { fakeApi, replies } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { CAC_LABEL } from './brandSchema';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const newUser = makeUser({ roles: [], brand_ids: [] });
const owner = makeUser({ roles: ['Brand Owner'], brand_ids: [3] });
const created = replies.brandCreated(makeBrand(), 'Brand application successful');

async function openForm(options: Parameters<typeof renderBrandApp>[1] = {}) {
  const app = renderBrandApp('/brand/create', { user: newUser, activeRole: null, ...options });
  await findHeading('Create Your Brand');
  return app;
}

const submit = () => screen.getByRole('button', { name: 'Create Brand' });

describe('Create Your Brand', () => {
  it('requires a brand name and checks phone and URLs before calling the server', async () => {
    const api = fakeApi({});
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Phone number'), '12ab');
    await user.type(screen.getByLabelText('Website'), 'ftp://acme');
    await user.type(screen.getByLabelText('Instagram URL'), 'instagram.com/acme');
    await user.click(submit());

    expect(await screen.findByText('Brand name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getAllByText('Enter a valid URL starting with http:// or https://')).toHaveLength(
      2,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('a blank name counts as empty', async () => {
    fakeApi({});
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Brand name'), '   ');
    await user.click(submit());
    expect(await screen.findByText('Brand name is required')).toBeInTheDocument();
  });

  it('sends JSON without a document, leaving empty fields out, then becomes a brand owner', async () => {
    const api = fakeApi({
      'POST brand/create/': created,
      'GET user/me/': replies.me(owner),
    });
    const app = await openForm();
    const { user } = app;
    await user.type(screen.getByLabelText('Brand name'), '  Acme Coffee ');
    await user.selectOptions(screen.getByLabelText('Brand type'), 'company');
    await user.type(screen.getByLabelText('Phone number'), '+234 (801) 555-0101');
    await user.type(screen.getByLabelText('Website'), 'https://acme.example/shop');
    await user.click(submit());

    await waitFor(() => expect(app.location().pathname).toBe('/brand/dashboard'));
    const [call] = api.callsTo('POST brand/create/');
    expect(call.encoding).toBe('json');
    expect(call.body).toEqual({
      brand_name: 'Acme Coffee',
      brand_type: 'company',
      phone_no: '+234 (801) 555-0101',
      website_url: 'https://acme.example/shop',
    });
    expect(await screen.findByText('Brand application successful')).toBeInTheDocument();
    const state = app.store.getState();
    expect(selectActiveRole(state)).toBe('brand');
    expect(selectAvailableRoles(state)).toEqual(['brand']);
    expect(selectUser(state)?.brand_ids).toEqual([3]);
  });

  it('adds https:// to a website typed without it', async () => {
    const api = fakeApi({
      'POST brand/create/': created,
      'GET user/me/': replies.me(owner),
    });
    const app = await openForm();
    await app.user.type(screen.getByLabelText('Brand name'), 'Lumen Roast');
    await app.user.type(screen.getByLabelText('Website'), 'lumenroast.test');
    await app.user.click(submit());
    await waitFor(() => expect(api.callsTo('POST brand/create/')).toHaveLength(1));
    expect(api.callsTo('POST brand/create/')[0].body).toEqual({
      brand_name: 'Lumen Roast',
      website_url: 'https://lumenroast.test',
    });
  });

  it('says what the CAC document is, in its label', async () => {
    await openForm();
    expect(
      screen.getByLabelText('CAC document: company registration, optional, image or PDF'),
    ).toHaveAttribute('type', 'file');
  });

  it('sends multipart with brand_CAC when a PDF is attached', async () => {
    const api = fakeApi({
      'POST brand/create/': created,
      'GET user/me/': replies.me(owner),
    });
    const app = await openForm();
    const { user } = app;
    await user.type(screen.getByLabelText('Brand name'), 'Acme');
    await user.selectOptions(screen.getByLabelText('Brand size'), '51-200');
    const pdf = new File(['%PDF-1.4\n%%EOF'], 'cac.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(CAC_LABEL), pdf);
    await user.click(submit());

    await waitFor(() => expect(app.location().pathname).toBe('/brand/dashboard'));
    const [call] = api.callsTo('POST brand/create/');
    expect(call.encoding).toBe('multipart');
    expect(call.body).toEqual({
      brand_name: 'Acme',
      brand_size: '51-200',
      brand_CAC: { file: 'cac.pdf', type: 'application/pdf', size: pdf.size },
    });
  });

  it('refuses a document that is neither an image nor a PDF', async () => {
    const api = fakeApi({});
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Brand name'), 'Acme');
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    // As if the picker's filter were bypassed (e.g. 'All files' in the dialog).
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText(CAC_LABEL), exe);
    await user.click(submit());
    expect(
      await screen.findByText('The CAC document must be an image or a PDF'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    [
      'the server message',
      replies.failure(400, 'Brand name already taken'),
      'Brand name already taken',
    ],
    ['the fallback', replies.bodiless(500), 'Failed to create brand'],
  ])('shows %s when creation fails, and stays', async (_case, reply, message) => {
    fakeApi({ 'POST brand/create/': reply });
    const app = await openForm();
    await app.user.type(screen.getByLabelText('Brand name'), 'Acme');
    await app.user.click(submit());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(app.location().pathname).toBe('/brand/create');
    expect(selectActiveRole(app.store.getState())).toBeNull();
  });

  it('asks to log in again when no token can be obtained', async () => {
    const api = fakeApi({ 'POST token/refresh/': replies.failure(401, 'No session') });
    const app = await openForm();
    app.store.dispatch(clearSession());
    await app.user.type(screen.getByLabelText('Brand name'), 'Acme');
    await app.user.click(submit());
    expect(
      await screen.findByText('No access token available. Please log in again.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST brand/create/')).toHaveLength(0);
  });
});
