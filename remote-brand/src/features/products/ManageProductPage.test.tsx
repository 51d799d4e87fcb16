/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeProduct, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const product = makeProduct({ id: 9, name: 'House Blend', price: 12.5, product_url: null });
const GET = 'GET product/9/';
const PUT = 'PUT product/9/update/';
const DELETE = 'DELETE product/9/delete/';
const loaded = replies.product(product);

async function openProduct() {
  const app = renderBrandApp('/brand/brands/3/products/9');
  await findHeading('Manage Product');
  await screen.findByDisplayValue('House Blend');
  return app;
}

const saveButton = () => screen.getByRole('button', { name: /^(Save Changes|Saving\.\.\.)$/ });
const deleteButton = () => screen.getByRole('button', { name: /^(Delete|Deleting\.\.\.)$/ });

describe('Manage Product', () => {
  it('sends the update fields only, and applies the stored product back into the form', async () => {
    const api = fakeApi({
      [GET]: loaded,
      [PUT]: replies.productWritten(
        { ...product, name: 'House Blend No. 2', price: 14 },
        'Product updated',
      ),
    });
    const { user } = await openProduct();
    expect(screen.getByLabelText('Brand ID')).toHaveAccessibleDescription(
      'Optional - move product to brand',
    );
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '14');
    await user.type(screen.getByLabelText('Brand ID'), '5');
    await user.click(saveButton());

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(api.bodyOf(PUT)).toEqual({
      name: 'House Blend',
      description: 'Chocolate and hazelnut.',
      price: 14,
      currency: 'USD',
      status: 'active',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('House Blend No. 2');
    expect(screen.getByLabelText('Price')).toHaveValue(14);
  });

  it('disables both buttons while saving', async () => {
    const update = heldReply(replies.productWritten(product, 'Product updated'));
    fakeApi({ [GET]: loaded, [PUT]: update.route });
    const { user } = await openProduct();
    await user.click(saveButton());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(deleteButton()).toBeDisabled();
    update.release();
    await waitFor(() => expect(saveButton()).toHaveTextContent('Save Changes'));
    expect(deleteButton()).toBeEnabled();
  });

  it('deletes after confirming, disabling both buttons meanwhile, then returns to the list', async () => {
    const removal = heldReply(replies.status('Product deleted'));
    const api = fakeApi({
      [GET]: loaded,
      [DELETE]: removal.route,
      'GET brand/3/products/': replies.productList([]),
    });
    const app = await openProduct();
    await app.user.click(deleteButton());
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    removal.release();
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/brand/brands/3/products'));
    expect(api.callsTo(DELETE)).toHaveLength(1);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const api = fakeApi({ [GET]: loaded });
    const { user } = await openProduct();
    await user.click(deleteButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.callsTo(DELETE)).toHaveLength(0);
  });

  it('shows update failures inline and as a toast', async () => {
    fakeApi({
      [GET]: loaded,
      [PUT]: replies.failure(400, 'Price must be greater than 0'),
    });
    const { user } = await openProduct();
    await user.clear(screen.getByLabelText('Price'));
    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.getAllByText('Price must be greater than 0')).toHaveLength(2),
    );
    const banners = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(banners).toContain('Price must be greater than 0');
  });

  it("falls back to 'Failed to delete product'", async () => {
    fakeApi({ [GET]: loaded, [DELETE]: replies.bodiless(500) });
    const { user } = await openProduct();
    await user.click(deleteButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getAllByText('Failed to delete product')).toHaveLength(2));
  });

  it("says 'Failed to load product' when it cannot be read (e.g. another owner's)", async () => {
    fakeApi({ [GET]: replies.failure(404, 'Not found') });
    renderBrandApp('/brand/brands/3/products/9');
    expect(await screen.findByText('Failed to load product')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('an analyst sees the product but may not save or delete it, and is told why', async () => {
    fakeApi({ [GET]: loaded });
    renderBrandApp('/brand/brands/3/products/9', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'analyst', two_factor_required: false }],
      }),
    });
    await findHeading('Manage Product');
    await screen.findByDisplayValue('House Blend');
    const why = 'This needs the owner or admin role on this brand; yours is analyst.';
    for (const button of [saveButton(), deleteButton()]) {
      expect(button).toBeDisabled();
      expect(button.parentElement).toHaveAttribute('title', why);
    }
  });
});
