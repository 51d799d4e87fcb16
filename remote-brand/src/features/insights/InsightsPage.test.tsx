/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeBusyStats, makeStats, statsReply } from 'shared-ui/test-utils';
import { makeBrand } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const BRANDS = 'GET brand/list/';
const ALL = 'GET brand/stats/';
const ONE = 'GET brand/stats/3/';
const oneBrand = replies.brandList([makeBrand()]);
const twoBrands = replies.brandList([makeBrand(), makeBrand({ id: 4, brand_name: 'Beta Tea' })]);

async function openInsights() {
  const app = renderBrandApp('/brand/insights');
  await findHeading('Insights');
  return app;
}

describe('brand insights', () => {
  it('says Loading analytics... until the figures arrive', async () => {
    const held = heldReply(statsReply(makeBusyStats()));
    fakeApi({ [BRANDS]: oneBrand, [ONE]: held.route });
    await openInsights();
    expect(await screen.findByText('Loading analytics...')).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('region', { name: 'Total Revenue' })).toBeInTheDocument();
    expect(screen.queryByText('Loading analytics...')).not.toBeInTheDocument();
  });

  it('preselects the only brand and asks for its 30 days in the browser zone', async () => {
    const api = fakeApi({ [BRANDS]: oneBrand, [ONE]: statsReply(makeBusyStats()) });
    await openInsights();
    await screen.findByRole('region', { name: 'Total Revenue' });
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('3');
    expect(api.callsTo(ALL)).toHaveLength(0);
    expect(api.callsTo(ONE)).toHaveLength(1);
    expect(api.callsTo(ONE)[0].query).toEqual({
      days: '30',
      timeseries: '1',
      platforms_metric: 'revenue',
      platforms_limit: '5',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows every brand at once for an owner of several, and one when picked', async () => {
    const api = fakeApi({
      [BRANDS]: twoBrands,
      [ALL]: statsReply(makeBusyStats()),
      'GET brand/stats/4/': statsReply(makeStats()),
    });
    const { user } = await openInsights();
    await screen.findByRole('region', { name: 'Total Revenue' });
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    expect(api.callsTo(ALL)).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Beta Tea');
    expect(await screen.findByText('No revenue data')).toBeInTheDocument();
    expect(api.callsTo('GET brand/stats/4/')).toHaveLength(1);
  });

  it('asks again when the timeframe or the platforms metric changes', async () => {
    const api = fakeApi({ [BRANDS]: oneBrand, [ONE]: statsReply(makeBusyStats()) });
    const { user } = await openInsights();
    await screen.findByRole('region', { name: 'Total Revenue' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Timeframe' }), 'Last 7d');
    await waitFor(() => expect(api.callsTo(ONE)).toHaveLength(2));
    expect(api.callsTo(ONE)[1].query).toMatchObject({ days: '7', platforms_metric: 'revenue' });

    // The platforms table (and its metric select) is back once the new figures arrived.
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Platforms metric' }),
      'Clicks',
    );
    await waitFor(() => expect(api.callsTo(ONE)).toHaveLength(3));
    expect(api.callsTo(ONE)[2].query).toMatchObject({ days: '7', platforms_metric: 'clicks' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Timeframe' }), 'Annually');
    await waitFor(() => expect(api.callsTo(ONE)).toHaveLength(4));
    expect(api.callsTo(ONE)[3].query).toMatchObject({ days: '365' });
  });

  it('skips a refresh within 300 ms of the last fetch', async () => {
    const api = fakeApi({ [BRANDS]: oneBrand, [ONE]: statsReply(makeBusyStats()) });
    const { user } = await openInsights();
    await screen.findByRole('region', { name: 'Total Revenue' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    await user.click(refresh);
    await waitFor(() => expect(api.callsTo(ONE)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo(ONE)).toHaveLength(2);
  });

  it('shows the top advocates and the sources', async () => {
    fakeApi({ [BRANDS]: oneBrand, [ONE]: statsReply(makeBusyStats()) });
    await openInsights();
    const advocates = within(await screen.findByRole('table', { name: 'Top advocates' }));
    expect(advocates.getByText('Ada Obi')).toBeInTheDocument();
    expect(advocates.getByText('Bo Lee')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Visits by source: Direct 80, Social 50, Email 10/ }),
    ).toBeInTheDocument();
  });

  it('shows empty charts and tables as such when nothing happened', async () => {
    fakeApi({ [BRANDS]: oneBrand, [ONE]: statsReply(makeStats()) });
    await openInsights();
    expect(await screen.findByText('No revenue data')).toBeInTheDocument();
    expect(screen.getByText('No visits yet')).toBeInTheDocument();
    expect(screen.getByText('No advocate sales yet')).toBeInTheDocument();
  });

  it('shows the error banner with Retry when the figures fail', async () => {
    let fail = true;
    const api = fakeApi({
      [BRANDS]: oneBrand,
      [ONE]: () => (fail ? replies.failure(500, 'boom') : statsReply(makeBusyStats())),
    });
    const { user } = await openInsights();
    expect(await screen.findByText('Failed to fetch brand stats')).toBeInTheDocument();
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 350));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Total Revenue' })).toBeInTheDocument();
    expect(api.callsTo(ONE)).toHaveLength(2);
  });
});
