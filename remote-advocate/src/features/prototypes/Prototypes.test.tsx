import { screen, within } from '@testing-library/react';
import { fakeApi } from 'shared-api/testing';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';
import { CURRICULUM } from './AcademyPage';
import { ADVOCATE_PROMPTS, PREVIEW_REPLY } from './ChatPage';

async function openPreview(path: string, title: string) {
  const api = fakeApi({});
  const app = renderAdvocateApp(path);
  const notice = await screen.findByRole(
    'dialog',
    { name: 'Prototype — UI only' },
    { timeout: 10_000 },
  );
  await app.user.click(within(notice).getByRole('button', { name: 'Got it' }));
  expect(await findHeading(new RegExp(`^${title}`))).toHaveTextContent('Preview');
  return { api, app };
}

describe('advocate prototypes', () => {
  it('chat: a prompt fills the box, a message gets the preview reply, Clear chat and New Chat empty it; no call', async () => {
    const { api, app } = await openPreview('/advocate/chat', 'Chat');
    const prompts = within(screen.getByRole('list', { name: 'Example prompts' })).getAllByRole(
      'button',
    );
    expect(prompts).toHaveLength(ADVOCATE_PROMPTS.length);
    await app.user.click(prompts[0]);
    expect(screen.getByLabelText('Message')).toHaveValue(ADVOCATE_PROMPTS[0]);
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(conversation).toHaveTextContent(ADVOCATE_PROMPTS[0]);
    expect(conversation).toHaveTextContent(PREVIEW_REPLY);
    expect(screen.getByLabelText('Message')).toHaveValue('');

    await app.user.click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(screen.queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear chat' })).toBeDisabled();

    await app.user.type(screen.getByLabelText('Message'), 'Hello{Enter}');
    expect(screen.getByRole('region', { name: 'Conversation' })).toHaveTextContent('Hello');
    await app.user.type(screen.getByLabelText('Message'), 'draft');
    await app.user.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(screen.queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(api.calls).toHaveLength(0);
  });

  it('intelligence: sample figures, target progress, Active/Pending campaigns; Generate adds 1000 to revenue', async () => {
    const { api, app } = await openPreview('/advocate/intelligence', 'Intelligence');
    expect(screen.getByText('$12,450.00')).toBeInTheDocument();
    expect(screen.getByText('8,320')).toBeInTheDocument();
    expect(screen.getByText('1,284')).toBeInTheDocument();
    expect(screen.getByText('14')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Monthly target progress' })).toHaveAttribute(
      'aria-valuenow',
      '62',
    );
    const table = screen.getByRole('table', { name: 'Sample campaigns' });
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getAllByText('Pending')).toHaveLength(2);

    await app.user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      screen.getByText('$13,450.00', { selector: '*:not([role=progressbar])' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
    await app.user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getAllByText(/\$14,450\.00/).length).toBeGreaterThan(0);
    expect(api.calls).toHaveLength(0);
  });

  it('academy: every sample section with its lessons', async () => {
    await openPreview('/advocate/inacademy', 'InAcademy');
    const sections = within(screen.getByRole('list', { name: 'Course curriculum' })).getAllByRole(
      'region',
    );
    expect(sections).toHaveLength(CURRICULUM.length);
    expect(within(sections[0]).getByRole('heading')).toHaveTextContent(
      'Section 1: Getting started',
    );
    expect(sections[0]).toHaveTextContent('How tracked links credit you');
    expect(sections[0]).toHaveTextContent('3 lessons · 14 min');
  });
});
