/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { fakeApi, replies } from 'shared-api/testing';
import { makeBrand } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

describe('Brands grid', () => {
  it('shows a card per brand with its three links, carrying the brand along', async () => {
    fakeApi({ 'GET brand/list/': replies.brandList([makeBrand()]) });
    const app = renderBrandApp('/brand/brands');
    await findHeading('Brands');
    const card = await screen.findByRole('article', { name: 'Acme Coffee' });
    expect(within(card).getByRole('link', { name: 'View Products' })).toHaveAttribute(
      'href',
      '/brand/brands/3/products',
    );
    expect(within(card).getByRole('link', { name: 'View Campaigns' })).toHaveAttribute(
      'href',
      '/brand/brands/3/campaigns',
    );
    expect(screen.getByRole('link', { name: 'Create Brand' })).toHaveAttribute(
      'href',
      '/brand/create',
    );

    await app.user.click(within(card).getByRole('link', { name: 'View Profile' }));
    expect(app.location().pathname).toBe('/brand/brands/3');
    expect(app.location().state).toEqual({ brand: makeBrand() });
  });

  it("says 'No brands found.' and 'Failed to load brands'", async () => {
    fakeApi({ 'GET brand/list/': replies.brandList([]) });
    const first = renderBrandApp('/brand/brands');
    expect(
      await screen.findByText('No brands found.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET brand/list/': replies.bodiless(500) });
    renderBrandApp('/brand/brands');
    expect(await screen.findByText('Failed to load brands')).toBeInTheDocument();
  });
});

describe('Brand profile', () => {
  it('shows the description, website and links', async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand({ description: null })),
    });
    renderBrandApp('/brand/brands/3');
    await findHeading(/Acme Coffee/);
    expect(await screen.findByText('No description provided.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://acme.example' })).toHaveAttribute(
      'href',
      'https://acme.example',
    );
    expect(screen.getByRole('link', { name: 'View Campaigns' })).toHaveAttribute(
      'href',
      '/brand/brands/3/campaigns',
    );
    expect(screen.getByRole('link', { name: 'View Products' })).toHaveAttribute(
      'href',
      '/brand/brands/3/products',
    );
    expect(screen.getByRole('link', { name: /Back to Brands/ })).toHaveAttribute(
      'href',
      '/brand/brands',
    );
  });

  it("says 'Brand not found' for a brand the server will not show, even if state carried it", async () => {
    fakeApi({
      'GET brand/3/': replies.brandNotFound(),
    });
    renderBrandApp('/brand/brands/3', { state: { brand: makeBrand() } });
    expect(await screen.findByText('Brand not found', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Small-batch roasts.')).not.toBeInTheDocument();
  });

  it("says 'Failed to load brand' on other failures", async () => {
    fakeApi({ 'GET brand/3/': replies.bodiless(500) });
    renderBrandApp('/brand/brands/3');
    expect(
      await screen.findByText('Failed to load brand', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
