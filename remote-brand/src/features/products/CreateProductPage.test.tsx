/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeProduct, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const CREATE = 'POST product/create/';
const created = replies.productWritten(makeProduct(), 'Product created', 201);

async function openForm(path = '/brand/brands/3/products/create') {
  const app = renderBrandApp(path);
  await findHeading('Create Product');
  return app;
}

const submit = () => screen.getByRole('button', { name: 'Create Product' });

describe('Create Product', () => {
  it('requires a name and a price above 0', async () => {
    const api = fakeApi({});
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Price'), '0');
    await user.click(submit());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Price must be greater than 0')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('an empty price is not above 0 either', async () => {
    fakeApi({});
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Name'), 'Beans');
    await user.click(submit());
    expect(await screen.findByText('Price must be greater than 0')).toBeInTheDocument();
  });

  it('sends trimmed optional fields only when filled, with the brand id, then returns to the list', async () => {
    const api = fakeApi({
      [CREATE]: created,
      'GET brand/3/products/': replies.productList([]),
    });
    const app = await openForm();
    const { user } = app;
    await user.type(screen.getByLabelText('Name'), ' House Blend ');
    await user.type(screen.getByLabelText('Price'), '12.5');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.type(screen.getByLabelText('Unique ID (optional)'), '  SKU-1  ');
    await user.type(screen.getByLabelText('Description'), '   ');
    await user.type(screen.getByLabelText('Product URL'), 'https://acme.example/house ');
    await user.click(submit());

    await waitFor(() => expect(app.location().pathname).toBe('/brand/brands/3/products'));
    expect(api.bodyOf(CREATE)).toEqual({
      name: 'House Blend',
      price: 12.5,
      currency: 'EUR',
      status: 'active',
      brand_id: 3,
      unique_id: 'SKU-1',
      product_url: 'https://acme.example/house',
    });
  });

  it('shows Creating... while the call runs', async () => {
    let release: () => void = () => {};
    fakeApi({ [CREATE]: () => new Promise((resolve) => (release = () => resolve(created))) });
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Name'), 'Beans');
    await user.type(screen.getByLabelText('Price'), '3');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
  });

  it('shows the server message in a block above the form, else the fallback', async () => {
    fakeApi({ [CREATE]: replies.failure(400, 'Price has too many decimals') });
    const first = await openForm();
    await first.user.type(screen.getByLabelText('Name'), 'Beans');
    await first.user.type(screen.getByLabelText('Price'), '3');
    await first.user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Price has too many decimals');
    first.unmount();

    fakeApi({ [CREATE]: replies.bodiless(500) });
    const second = await openForm();
    await second.user.type(screen.getByLabelText('Name'), 'Beans');
    await second.user.type(screen.getByLabelText('Price'), '3');
    await second.user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create product');
    expect(second.location().pathname).toBe('/brand/brands/3/products/create');
  });

  it('an analyst may not create a product, and is told why', async () => {
    const api = fakeApi({ [CREATE]: created });
    renderBrandApp('/brand/brands/3/products/create', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'analyst', two_factor_required: false }],
      }),
    });
    await findHeading('Create Product');
    const why = 'This needs the owner or admin role on this brand; yours is analyst.';
    expect(submit()).toBeDisabled();
    expect(submit().parentElement).toHaveAttribute('title', why);
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});
