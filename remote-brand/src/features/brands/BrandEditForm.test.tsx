/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from 'contract/rules';
import { fakeApi, replies } from 'shared-api/testing';
import { makeStats, statsReply } from 'shared-ui/test-utils';
import { makeBrand } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { makeUser } from '../../test/fixtures';

jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs);

const PATCH = 'PATCH brand/3/';
const base = {
  'GET brand/3/campaigns/': replies.brandCampaigns([]),
  'GET brand/3/products/': replies.productList([], 0),
  'GET brand/stats/3/': statsReply(makeStats()),
};

async function openEditor() {
  const user = userEvent.setup();
  renderBrandApp('/brand/brands/3');
  await findHeading(/Acme Coffee/);
  await user.click(screen.getByRole('button', { name: 'Edit brand' }));
  return { user, form: await screen.findByRole('form', { name: 'Edit brand' }) };
}

describe('editing a brand', () => {
  it('sends only what changed: the name, the program page address and a question', async () => {
    const saved = makeBrand({ brand_name: 'Acme Roasters', slug: 'acme-roasters' });
    const api = fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [PATCH]: replies.brand(saved),
      ...base,
    });
    const { user, form } = await openEditor();
    const name = within(form).getByLabelText(/Brand name/);
    await user.clear(name);
    await user.type(name, 'Acme Roasters');
    const slug = within(form).getByLabelText('Program page address');
    await user.clear(slug);
    await user.type(slug, 'Acme Roasters');
    await user.click(within(form).getByRole('button', { name: 'Add a question' }));
    await user.type(within(form).getByLabelText('Question 1'), 'Where do you post?');
    await user.selectOptions(within(form).getByLabelText('Answer'), 'choice');
    await user.type(within(form).getByLabelText('Choices, one per line'), 'Blog');
    await user.click(within(form).getByRole('button', { name: 'Save brand' }));
    // The shared rules refuse the address and the one-choice question before any call.
    expect(await within(form).findByText(MESSAGES.slugInvalid)).toBeInTheDocument();
    expect(
      within(form).getByText('Question 1: a choice question needs at least 2 options'),
    ).toBeInTheDocument();
    expect(api.callsTo(PATCH)).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, 'acme-roasters');
    await user.type(within(form).getByLabelText('Choices, one per line'), '{Enter}YouTube');
    await user.click(within(form).getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    const body = api.bodyOf(PATCH) as Record<string, unknown>;
    expect(body).toEqual({
      brand_name: 'Acme Roasters',
      slug: 'acme-roasters',
      application_questions: [
        {
          id: expect.any(String),
          label: 'Where do you post?',
          type: 'choice',
          required: false,
          options: ['Blog', 'YouTube'],
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit brand' })).toBeNull());
    // Typing a whole form is slow on a busy machine.
  }, 90_000);

  it('puts the server’s refusal under the field it names', async () => {
    fakeApi({
      'GET brand/3/': replies.brand(makeBrand()),
      [PATCH]: replies.failure(400, 'slug: is taken', {
        slug: ['is already the address of another brand’s program page'],
      }),
      ...base,
    });
    const { user, form } = await openEditor();
    const slug = within(form).getByLabelText('Program page address');
    await user.clear(slug);
    await user.type(slug, 'taken-one');
    await user.click(within(form).getByRole('button', { name: 'Save brand' }));
    expect(
      await within(form).findByText('is already the address of another brand’s program page'),
    ).toBeInTheDocument();
  });

  it('is refused, saying why, to an analyst', async () => {
    fakeApi({ 'GET brand/3/': replies.brand(makeBrand()), ...base });
    renderBrandApp('/brand/brands/3', {
      user: makeUser({ brand_roles: [{ brand_id: 3, role: 'analyst', two_factor_required: false }] }),
    });
    await findHeading(/Acme Coffee/);
    expect(screen.getByRole('button', { name: 'Edit brand' })).toBeDisabled();
  });
});
