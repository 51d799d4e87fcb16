import { screen, waitFor, within } from '@testing-library/react';
import { aPayoutMethod, fakeApi, type FakeRoutes, heldReply, replies } from 'shared-api/testing';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const LIST = 'GET payout-methods/';

const paypal = aPayoutMethod();
const bank = aPayoutMethod({
  id: 2,
  type: 'bank',
  paypal_email: null,
  account_holder: 'Ada Obi',
  bank_name: 'Wise',
  account_number: 'GB33BUKB20201555555555',
  bank_code: 'BUKBGB22',
  bank_country: 'GB',
  is_default: false,
});

async function openTab(routes: FakeRoutes) {
  const api = fakeApi(routes);
  const app = renderAdvocateApp('/advocate/settings');
  await findHeading('Settings');
  await app.user.click(screen.getByRole('tab', { name: 'Payment methods' }));
  return { api, ...app };
}

describe('settings: Payment methods', () => {
  it('shows a spinner, then the methods with the default marked', async () => {
    const held = heldReply(replies.payoutMethods([paypal, bank]));
    await openTab({ [LIST]: held.route });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    held.release();
    const list = await screen.findByRole('list', { name: 'Payout methods' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('PayPal · ada@pay.example'),
      expect.stringContaining('Bank transfer · Wise ••••5555'),
    ]);
    expect(within(items[0]).getByText('Default')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Default')).not.toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    await openTab({ [LIST]: replies.payoutMethods([]) });
    expect(await screen.findByText('No payout method yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payout method' })).toBeInTheDocument();
  });

  it('makes the first method the default without asking for a tick', async () => {
    const { api, user } = await openTab({
      [LIST]: replies.payoutMethods([]),
      'POST payout-methods/': replies.payoutMethod(paypal),
    });
    await user.click(await screen.findByRole('button', { name: 'Add payout method' }));
    const form = await screen.findByRole('form', { name: 'New payout method' });
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(form).getByText(/Your first method is your default/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('PayPal email'), 'ada@pay.example');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    await waitFor(() =>
      expect(api.bodyOf('POST payout-methods/')).toMatchObject({
        type: 'paypal',
        paypal_email: 'ada@pay.example',
        is_default: true,
      }),
    );
  });

  it('an error with a retry', async () => {
    let fail = true;
    await openTab({
      [LIST]: () => (fail ? replies.failure(500, 'boom') : replies.payoutMethods([paypal])),
    });
    expect(await screen.findByText('Failed to load payout methods')).toBeInTheDocument();
    fail = false;
    await screen.findByRole('button', { name: 'Retry' }).then((b) => b.click());
    expect(await screen.findByText('PayPal · ada@pay.example')).toBeInTheDocument();
  });

  it('adds a bank account as the default (validated first) and removes a method', async () => {
    const { api, user } = await openTab({
      [LIST]: replies.payoutMethods([paypal]),
      'POST payout-methods/': replies.payoutMethod(bank, 201),
      'POST payout-methods/1/default/': replies.payoutMethod(paypal),
      'DELETE payout-methods/1/': replies.status('Payout method removed'),
    });
    await screen.findByText('PayPal · ada@pay.example');
    await user.click(screen.getByRole('button', { name: 'Add payout method' }));
    const form = screen.getByRole('form', { name: 'New payout method' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'bank');
    await user.type(within(form).getByLabelText('IBAN or account number'), '12');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    expect(await within(form).findByText("Enter the account holder's name")).toBeInTheDocument();
    expect(
      within(form).getByText('Enter an IBAN or account number (4 to 34 letters and digits)'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Account holder'), 'Ada Obi');
    await user.type(within(form).getByLabelText('IBAN or account number'), '345678');
    await user.type(within(form).getByLabelText('Bank name'), 'Wise');
    await user.click(within(form).getByLabelText('Make this my default payout method'));
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    await waitFor(() =>
      expect(api.bodyOf('POST payout-methods/')).toEqual({
        type: 'bank',
        account_holder: 'Ada Obi',
        bank_name: 'Wise',
        account_number: '12345678',
        is_default: true,
      }),
    );
    expect(await screen.findByText('Payout method added')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove PayPal · ada@pay.example' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE payout-methods/1/')).toHaveLength(1));
  });
});
