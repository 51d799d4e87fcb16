/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { makeStats, statsReply } from 'shared-ui/test-utils';
import { makeBrand } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const SETTINGS = 'GET brand/3/notification-settings/';
const SAVE = 'PUT brand/3/notification-settings/';
const profile = {
  'GET brand/3/': replies.brand(makeBrand()),
  'GET brand/3/campaigns/': replies.brandCampaigns([]),
  'GET brand/3/products/': replies.productList([], 0),
  'GET brand/stats/3/': statsReply(makeStats()),
};
const box = () => screen.findByRole('checkbox', { name: 'Email me about this brand' });

async function openProfile() {
  const app = renderBrandApp('/brand/brands/3');
  await findHeading(/Acme Coffee/);
  return app;
}

describe("brand profile: the brand's emails to its owner", () => {
  it('shows the stored value with its help text', async () => {
    fakeApi({ ...profile, [SETTINGS]: { body: { email: false } } });
    await openProfile();
    expect(await box()).not.toBeChecked();
    expect(await box()).toHaveAccessibleDescription(
      'New advocates joining, and a daily summary when sales wait for review',
    );
  });

  it('saves the new value with PUT, showing Saving... until the server answers', async () => {
    const held = heldReply({ body: { email: false } });
    const api = fakeApi({ ...profile, [SETTINGS]: { body: { email: true } }, [SAVE]: held.route });
    const { user } = await openProfile();
    expect(await box()).toBeChecked();
    await user.click(await box());
    expect(await screen.findByRole('status')).toHaveTextContent('Saving...');
    expect(await box()).toBeDisabled();
    held.release();
    expect(await screen.findByText('Brand emails turned off')).toBeInTheDocument();
    expect(api.bodyOf(SAVE)).toEqual({ email: false });
    await waitFor(() => expect(api.callsTo(SETTINGS).length).toBeGreaterThan(1));
  });

  it('says why a refused save failed and puts the box back', async () => {
    const api = fakeApi({
      ...profile,
      [SETTINGS]: { body: { email: true } },
      [SAVE]: { status: 403, body: { detail: 'Your role on this brand may not do this' } },
    });
    const { user } = await openProfile();
    await user.click(await box());
    expect(await screen.findByText('Your role on this brand may not do this')).toBeInTheDocument();
    expect(await box()).toBeChecked();
    expect(api.callsTo(SAVE)).toHaveLength(1);
  });
});
