/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeProduct, makeUser, productsReply } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const LIST = 'GET brand/3/products/';

function manyProducts(count: number) {
  return Array.from({ length: count }, (_, i) =>
    makeProduct({ id: i + 1, name: `Roast ${i + 1}`, description: '' }),
  );
}

async function openList() {
  const app = renderBrandApp('/brand/brands/3/products');
  await findHeading('Products & Sales');
  return app;
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Products' }))
    .getAllByRole('row')
    .slice(1)
    // The product's name is its link; the cell also holds its initial.
    .map((row) => within(within(row).getAllByRole('cell')[1]).getByRole('link').textContent);

describe('Products & Sales', () => {
  it('lists products with padded id, badge, amount and a Manage link', async () => {
    const api = fakeApi({
      [LIST]: productsReply([
        makeProduct({
          id: 7,
          name: 'Espresso',
          price: 1500,
          currency: 'NGN',
          status: 'out_of_stock',
          description: '',
        }),
      ]),
    });
    await openList();
    const table = await screen.findByRole('table', { name: 'Products' });
    const row = (await within(table).findByText('Espresso')).closest('tr') as HTMLElement;
    expect(within(row).getByText('0007')).toBeInTheDocument();
    expect(within(row).getByText('Out of stock')).toBeInTheDocument();
    expect(within(row).getByText('NGN 1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('No description')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Manage Espresso' })).toHaveAttribute(
      'href',
      '/brand/brands/3/products/7',
    );
    expect(api.callsTo(LIST)[0].query).toEqual({ limit: '50' });
  });

  it('searches id, name, brand and description after a 250 ms pause, ignoring case', async () => {
    fakeApi({
      [LIST]: productsReply([
        makeProduct({ id: 1, name: 'House Blend', description: 'Chocolate notes' }),
        makeProduct({ id: 2, name: 'Decaf', description: 'Gentle' }),
        makeProduct({ id: 3, name: 'Cold Brew', description: 'Smooth CHOCOLATE finish' }),
      ]),
    });
    const { user } = await openList();
    await screen.findByText('Decaf');
    await user.click(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.paste('chocolate');
    // Not yet: the search waits for typing to pause.
    expect(screen.getByText('Decaf')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Decaf')).not.toBeInTheDocument());
    expect(rowNames()).toEqual(['House Blend', 'Cold Brew']);
    expect(screen.getByText('Showing 1–2 of 2 Results')).toBeInTheDocument();
  });

  it('asks the server for the chosen status', async () => {
    const api = fakeApi({
      [LIST]: (call) =>
        productsReply(
          call.query.status === 'discontinued'
            ? [makeProduct({ id: 4, name: 'Old Roast', status: 'discontinued' })]
            : [makeProduct()],
        ),
    });
    const { user } = await openList();
    await screen.findByText('House Blend');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'discontinued');
    expect(await screen.findByText('Old Roast')).toBeInTheDocument();
    // The status in words, not a borrowed payment status ('Failed').
    const table = screen.getByRole('table', { name: 'Products' });
    expect(within(table).getByText('Discontinued')).toBeInTheDocument();
    expect(within(table).queryByText('Failed')).not.toBeInTheDocument();
    expect(api.callsTo(LIST).map((call) => call.query.status)).toEqual([undefined, 'discontinued']);
  });

  it('pages 10 at a time by default, and 25 on request', async () => {
    fakeApi({ [LIST]: productsReply(manyProducts(30)) });
    const { user } = await openList();
    expect(await screen.findByText('Showing 1–10 of 30 Results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 11–20 of 30 Results')).toBeInTheDocument();
    expect(rowNames()[0]).toBe('Roast 11');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '25');
    expect(screen.getByText('Showing 1–25 of 30 Results')).toBeInTheDocument();
  });

  it('shows the same records on the Sales tab with blank sale columns', async () => {
    fakeApi({ [LIST]: productsReply([makeProduct({ id: 5, name: 'Filter' })]) });
    const { user } = await openList();
    await screen.findByText('Filter');
    await user.click(screen.getByRole('tab', { name: 'Sales' }));
    const table = screen.getByRole('table', { name: 'Sales' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Amount', 'Status', 'Customer', 'Email', 'Lead Source']);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.slice(4).map((cell) => cell.textContent)).toEqual(['', '', '']);
  });

  it("says 'No data found.' for an empty list and 'Failed to load products' on error", async () => {
    fakeApi({ [LIST]: productsReply([]) });
    const first = await openList();
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
    first.unmount();

    fakeApi({ [LIST]: replies.failure(404, 'Not found') });
    await openList();
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
  });

  it('an analyst sees the products but Add Product is disabled, saying why', async () => {
    fakeApi({ [LIST]: productsReply([makeProduct({ id: 7, name: 'Espresso' })]) });
    renderBrandApp('/brand/brands/3/products', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'analyst', two_factor_required: false }],
      }),
    });
    await findHeading('Products & Sales');
    const why = 'This needs the owner or admin role on this brand; yours is analyst.';
    const addProduct = screen.getByRole('button', { name: 'Add Product' });
    expect(addProduct).toBeDisabled();
    expect(addProduct.parentElement).toHaveAttribute('title', why);
  });
});
