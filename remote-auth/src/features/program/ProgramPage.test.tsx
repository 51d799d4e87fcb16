import { screen, waitFor } from '@testing-library/react';
import type { ApplyReply, ProgramPageReply } from 'contract';
import { selectToken } from 'shared-api';
import { aRegistration, aUser, fakeApi, renderArea, replies, rolesAfter } from 'shared-api/testing';
import AuthApp from '../../App';

jest.setTimeout(30_000);

const PAGE: ProgramPageReply = {
  brand: {
    name: 'Lumen Roast',
    slug: 'lumen-roast',
    description: 'Small-batch coffee, roasted weekly.',
    website_url: 'https://lumenroast.example',
    logo: null,
  },
  questions: [
    { id: 'audience', label: 'Where is your audience?', type: 'text', required: true },
    {
      id: 'size',
      label: 'How many followers?',
      type: 'choice',
      required: false,
      options: ['Under 1k', 'Over 1k'],
    },
  ],
  campaigns: [
    {
      id: 4,
      title: 'Spring blend',
      description: 'Our spring launch',
      category: null,
      join_mode: 'application',
      commission_type: 'percentage',
      commission_value: 12.5,
      event_rewards: {},
      pays: '12.5% of each sale',
    },
    {
      id: 5,
      title: 'Partners only',
      description: null,
      category: null,
      join_mode: 'invite_only',
      commission_type: 'flat',
      commission_value: 5,
      event_rewards: {},
      pays: '5.00 per sale',
    },
  ],
};

const ada = aUser({ id: 9, email: 'ada@example.com', username: 'ada', roles: ['Advocate'] });

function renderProgram(path = '/programs/lumen-roast') {
  return renderArea(AuthApp, path, { routes: ['/programs/*', '/auth/*'] });
}

describe('ProgramPage', () => {
  it('shows the brand, each open campaign with what it pays and how to join', async () => {
    fakeApi({ 'GET programs/lumen-roast/': { body: PAGE } });
    renderProgram();
    expect(await screen.findByRole('heading', { name: 'Lumen Roast' })).toBeInTheDocument();
    expect(screen.getByText('Small-batch coffee, roasted weekly.')).toBeInTheDocument();
    expect(screen.getByText('12.5% of each sale')).toBeInTheDocument();
    expect(screen.getByText('5.00 per sale')).toBeInTheDocument();
    expect(screen.getByText('Invite only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply to Spring blend' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Partners only/ })).not.toBeInTheDocument();
    expect(screen.getByText('Only advocates the brand invites can join.')).toBeInTheDocument();
  });

  it('an unknown program says so', async () => {
    fakeApi({
      'GET programs/nobody/': replies.failure(404, 'Program not found'),
    });
    renderProgram('/programs/nobody');
    expect(await screen.findByRole('heading', { name: 'Program not found' })).toBeInTheDocument();
  });

  it('signed out: asks the questions, signs up inline, becomes an advocate and applies', async () => {
    const apply: ApplyReply = {
      status: 'pending',
      application_id: 31,
      reason: null,
      share_links: [],
    };
    const api = fakeApi({
      'GET programs/lumen-roast/': { body: PAGE },
      'POST user/register/': replies.registered(aRegistration({ user_id: 9 })),
      'GET user/me/': replies.me(ada),
      'POST roles/upgrade/advocate/': replies.roles(
        rolesAfter({ message: 'Upgraded', roles: ['Advocate'], active_role: 'advocate' }),
      ),
      'POST programs/lumen-roast/apply/': { status: 201, body: apply },
    });
    const { user, store } = renderProgram();
    await user.click(await screen.findByRole('button', { name: 'Apply to Spring blend' }));
    expect(
      await screen.findByRole('heading', { name: 'Apply to Spring blend' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('This question needs an answer')).toBeInTheDocument();
    expect(api.callsTo('POST user/register/')).toHaveLength(0);

    await user.type(screen.getByLabelText('Where is your audience?'), 'Coffee lovers');
    await user.selectOptions(screen.getByLabelText('How many followers? (optional)'), 'Over 1k');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(await screen.findByRole('heading', { name: 'Application sent' })).toBeInTheDocument();
    expect(api.bodyOf('POST user/register/')).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'Secret123!',
      password_confirmation: 'Secret123!',
    });
    expect(api.callsTo('POST roles/upgrade/advocate/')).toHaveLength(1);
    expect(api.bodyOf('POST programs/lumen-roast/apply/')).toEqual({
      campaign_id: 4,
      answers: [
        { question_id: 'audience', answer: 'Coffee lovers' },
        { question_id: 'size', answer: 'Over 1k' },
      ],
    });
    await waitFor(() => expect(selectToken(store.getState())).toBe('new-token'));
  });
});
