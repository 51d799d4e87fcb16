import { screen, within } from '@testing-library/react';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

describe('Guidelines', () => {
  it('shows the four steps; only Join Campaign leads to the campaign list', async () => {
    const app = renderAdvocateApp('/advocate/campaigns');
    await findHeading('Guidelines');
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Sign Up',
      'Join Campaign',
      'Promote',
      'Earn',
    ]);
    // One link only: the others explain, they do not navigate.
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(/Join Campaign/);

    await app.user.click(links[0]);
    expect(app.location().pathname).toBe('/advocate/campaigns/list');
  });
});
