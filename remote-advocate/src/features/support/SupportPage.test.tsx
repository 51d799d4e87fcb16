import { screen, within } from '@testing-library/react';
import { fakeApi } from 'shared-api/testing';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

describe('advocate support', () => {
  it('the contact form sends nothing and says how to reach support instead', async () => {
    const api = fakeApi({});
    const app = renderAdvocateApp('/advocate/support');
    await findHeading('Support');
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Message']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await app.user.type(screen.getByLabelText('Message'), 'Where is my payout?');
    await app.user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This form does not send messages yet, so nothing was sent. Please email support@advocately.app or call +1 (555) 010-0199.',
    );
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute(
      'href',
      'tel:+15550100199',
    );
  });

  it('Terms of Service and Privacy Policy open a modal without ticking the box', async () => {
    fakeApi({});
    const app = renderAdvocateApp('/advocate/support');
    await findHeading('Support');
    const box = screen.getByRole('checkbox', { name: /I agree to the/ });
    await app.user.click(screen.getByRole('button', { name: 'Terms of Service' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(terms).toHaveTextContent('The Terms of Service will be published here.');
    await app.user.click(within(terms).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).not.toBeChecked();

    await app.user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
    // The dialog's own close button works too.
    await app.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await app.user.click(box);
    expect(box).toBeChecked();
  });
});
