/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { render, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { tableToCsv, useCurrentExportableTable, type ExportableTable } from 'shared-ui';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { makeCampaign } from '../../test/fixtures';
import { advocatesReply, makeAdvocate } from './advocates.fixtures';

const LIST = 'GET brands/advocates/';

const ada = makeAdvocate();
const bo = makeAdvocate({
  id: 7,
  name: 'Bo Chen',
  email: 'bo@example.test',
  is_active: false,
  totals: {
    ...ada.totals,
    conversions: 1,
    gross_revenue: 20.5,
    by_currency: [
      { currency: 'USD', conversions: 1, total_revenue: 20.5, rewards: 2, net_revenue: 18.5 },
      { currency: 'NGN', conversions: 2, total_revenue: 1500, rewards: 150, net_revenue: 1350 },
    ],
  },
  campaigns: [
    { campaign_id: 11, campaign_name: 'Spring Launch', brand_id: 3, joined_at: ada.joined_at },
    { campaign_id: 12, campaign_name: 'Summer Sale', brand_id: 3, joined_at: ada.joined_at },
    { campaign_id: 13, campaign_name: 'Black Friday', brand_id: 4, joined_at: ada.joined_at },
  ],
});

async function openList(path = '/brand/advocates') {
  const app = renderBrandApp(path);
  await findHeading('Advocates');
  return app;
}

const table = () => screen.getByRole('table', { name: 'Advocates' });
const rowOf = (name: string) =>
  within(table()).getByText(name).closest('tr') as HTMLTableRowElement;

describe('Advocates list', () => {
  it('shows a spinner while the advocates load', async () => {
    const held = heldReply(advocatesReply([ada]));
    fakeApi({ [LIST]: held.route });
    await openList();
    expect(within(table()).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    held.release();
    expect(await within(table()).findByText('Ada Obi')).toBeInTheDocument();
  });

  it('says so when the advocates cannot be loaded, and retries', async () => {
    let fail = true;
    const api = fakeApi({
      [LIST]: () => (fail ? replies.failure(500, 'boom') : advocatesReply([ada])),
    });
    const { user } = await openList();
    expect(await screen.findByText('Failed to load advocates')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Obi')).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });

  it("puts the server's 400 for an over-long search under the Search field", async () => {
    const tooLong = 'must NOT have more than 100 characters';
    fakeApi({
      [LIST]: (call) =>
        (call.query.q ?? '').length > 100
          ? replies.failure(400, `q ${tooLong}`, { q: [tooLong] })
          : advocatesReply([ada]),
    });
    await openList(`/brand/advocates?q=${'a'.repeat(101)}`);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await waitFor(() => expect(search).toHaveAccessibleDescription(tooLong));
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Failed to load advocates')).not.toBeInTheDocument();
  });

  it('says when no advocate matches', async () => {
    fakeApi({ [LIST]: advocatesReply([]) });
    await openList();
    expect(await screen.findByText('No advocates found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('lists each advocate with AID, campaigns, totals, status and a View link', async () => {
    const api = fakeApi({ [LIST]: advocatesReply([ada, bo]) });
    const { user } = await openList();
    await within(table()).findByText('Ada Obi');
    expect(api.callsTo(LIST)[0].query).toEqual({ page: '1', per_page: '20' });

    const adaRow = rowOf('Ada Obi');
    expect(within(adaRow).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(adaRow).getByText('AID000042')).toBeInTheDocument();
    expect(within(adaRow).getByText('$150.00')).toBeInTheDocument();
    expect(within(adaRow).getByText('Active')).toBeInTheDocument();
    expect(within(adaRow).getByRole('link', { name: 'View Ada Obi' })).toHaveAttribute(
      'href',
      '/brand/advocates/42',
    );

    const boRow = rowOf('Bo Chen');
    expect(within(boRow).getByText('Inactive')).toBeInTheDocument();
    // Other currencies are listed beside the main figure, never added to it.
    expect(within(boRow).getByText('$20.50')).toBeInTheDocument();
    expect(within(boRow).getByText('+ NGN 1,500.00')).toBeInTheDocument();

    // Two chips, the third behind a toggle.
    const chips = () =>
      within(boRow)
        .getAllByRole('link', { name: /^Show advocates of/ })
        .map((link) => link.textContent);
    expect(chips()).toEqual(['Spring Launch', 'Summer Sale']);
    const more = within(boRow).getByRole('button', { name: '+1 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(chips()).toEqual(['Spring Launch', 'Summer Sale', 'Black Friday']);
    expect(within(boRow).getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("shows the picture of an advocate's profile beside their name", async () => {
    const pictured = makeAdvocate({ picture_url: '/api/v1/files/abc.png?exp=1&sig=x' });
    fakeApi({ [LIST]: advocatesReply([pictured, bo]) });
    await openList();
    await within(table()).findByText('Ada Obi');
    expect(rowOf('Ada Obi').querySelector('img')?.getAttribute('src')).toBe(
      '/api/v1/files/abc.png?exp=1&sig=x',
    );
    expect(rowOf('Bo Chen').querySelector('img')).toBeNull();
  });

  it('reads its filters from the URL, falling back to page 1 and 20 a page', async () => {
    const api = fakeApi({ [LIST]: advocatesReply([ada]) });
    await openList('/brand/advocates?brand_id=3&campaign_id=11&status=running&q=ada&per_page=50');
    await within(table()).findByText('Ada Obi');
    expect(api.callsTo(LIST)[0].query).toEqual({
      brand_id: '3',
      campaign_id: '11',
      status: 'running',
      q: 'ada',
      page: '1',
      per_page: '50',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ada');
    expect(screen.getByRole('textbox', { name: 'Campaign ID' })).toHaveValue('11');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('running');
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');
    // The brand the list is narrowed to follows the advocate to the profile.
    expect(within(table()).getByRole('link', { name: 'View Ada Obi' })).toHaveAttribute(
      'href',
      '/brand/advocates/42?brand_id=3',
    );
  });

  it('ignores a page size it does not offer and a page that is not a number', async () => {
    const api = fakeApi({ [LIST]: advocatesReply([ada]) });
    await openList('/brand/advocates?per_page=15&page=abc');
    await within(table()).findByText('Ada Obi');
    expect(api.callsTo(LIST)[0].query).toEqual({ page: '1', per_page: '20' });
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('20');
  });

  it('puts the applied filters in the URL, and Clear takes them out', async () => {
    const api = fakeApi({
      [LIST]: (call) => advocatesReply(call.query.campaign_id === '12' ? [bo] : [ada, bo]),
    });
    const { user, location } = await openList();
    await within(table()).findByText('Ada Obi');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' bo ');
    await user.type(screen.getByRole('textbox', { name: 'Campaign ID' }), '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '10');
    // Nothing is asked for before Apply.
    expect(api.callsTo(LIST)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(location().search).toBe('?campaign_id=12&status=inactive&q=bo&per_page=10'),
    );
    await waitFor(() => expect(within(table()).queryByText('Ada Obi')).not.toBeInTheDocument());
    expect(api.callsTo(LIST).at(-1)?.query).toEqual({
      campaign_id: '12',
      status: 'inactive',
      q: 'bo',
      page: '1',
      per_page: '10',
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(location().search).toBe('');
    expect(await within(table()).findByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Campaign ID' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('takes a campaign’s public ID and filters by that campaign', async () => {
    const api = fakeApi({
      [LIST]: advocatesReply([ada]),
      'GET brand/3/campaigns/': replies.brandCampaigns([
        makeCampaign({ id: 11, campaign_id: 'CMP-7F3K2Q' }),
        makeCampaign({ id: 12, campaign_id: 'CMP-SUMMER' }),
      ]),
    });
    const { user, location } = await openList();
    await within(table()).findByText('Ada Obi');
    const box = screen.getByRole('textbox', { name: 'Campaign ID' });

    await user.type(box, 'cmp-nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('None of your campaigns has the ID cmp-nope'),
    ).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(location().search).toBe('');

    await user.clear(box);
    await user.type(box, 'cmp-summer');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location().search).toBe('?campaign_id=12'));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query.campaign_id).toBe('12'));
  });

  it('narrows the list to a campaign from its chip, and pages through the URL', async () => {
    const api = fakeApi({
      [LIST]: (call) =>
        advocatesReply([call.query.page === '2' ? bo : ada], {
          total: 25,
          page: Number(call.query.page),
          per_page: 20,
        }),
    });
    const { user, location } = await openList('/brand/advocates?status=active');
    await within(table()).findByText('Ada Obi');
    expect(screen.getByText('Showing 1–20 of 25 Results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location().search).toBe('?status=active&page=2');
    expect(await within(table()).findByText('Bo Chen')).toBeInTheDocument();

    await user.click(
      within(rowOf('Bo Chen')).getByRole('link', { name: 'Show advocates of Summer Sale' }),
    );
    expect(location().search).toBe('?campaign_id=12&status=active');
    expect(screen.getByRole('textbox', { name: 'Campaign ID' })).toHaveValue('12');
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)?.query).toEqual({
        campaign_id: '12',
        status: 'active',
        page: '1',
        per_page: '20',
      }),
    );
  });

  it('offers the table to Export: one CSV line per row, as shown', async () => {
    fakeApi({ [LIST]: advocatesReply([ada, bo]) });
    const offered: { table: ExportableTable | null } = { table: null };
    function HeaderProbe() {
      offered.table = useCurrentExportableTable();
      return null;
    }
    render(<HeaderProbe />);
    await openList();
    await within(table()).findByText('Ada Obi');
    await waitFor(() => expect(offered.table?.rows).toHaveLength(2));

    const [header, ...lines] = (await tableToCsv(offered.table as ExportableTable)).split('\r\n');
    expect(header).toBe(
      '\uFEFFAID,Name,Email,Status,Campaigns,Conversions,Gross revenue,Joined,Currency',
    );
    const shown = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByText(/^AID\d{6}$/).textContent);
    // One row per advocate and currency: Bo sold in NGN as well as USD.
    expect([...new Set(lines.slice(0, -1).map((line) => line.split(',')[0]))]).toEqual(shown);
    expect(lines).toEqual([
      'AID000042,Ada Obi,ada@example.test,Active,Spring Launch,3,150.00,2026-03-01,USD',
      'AID000007,Bo Chen,bo@example.test,Inactive,Spring Launch; Summer Sale; Black Friday,1,1500.00,2026-03-01,NGN',
      'AID000007,Bo Chen,bo@example.test,Inactive,Spring Launch; Summer Sale; Black Friday,1,20.50,2026-03-01,USD',
      '',
    ]);
  });
});
