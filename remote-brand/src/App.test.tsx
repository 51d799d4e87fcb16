/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { fakeApi } from 'shared-api/testing';
import { findHeading, renderBrandApp } from './test/renderBrandApp';

describe('brand route tree', () => {
  beforeEach(() => fakeApi({}));

  it('renders the create screen when the shell mounts the tree on /brand/create alone', async () => {
    renderBrandApp('/brand/create');
    expect(await findHeading('Create Your Brand')).toBeInTheDocument();
  });

  it('sends /brand to the dashboard', async () => {
    const app = renderBrandApp('/brand');
    expect(await findHeading('Dashboard')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/brand/dashboard');
  });

  it('shows the not-found screen for unknown paths', async () => {
    renderBrandApp('/brand/nowhere');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('InChat is a labelled prototype with nine example prompts', async () => {
    renderBrandApp('/brand/inchat');
    expect(
      await screen.findByRole('dialog', { name: 'Prototype — UI only' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Example prompts' })).getAllByRole('listitem'),
    ).toHaveLength(9);
    expect(screen.getByPlaceholderText('Let the magic begin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask a question' })).toBeInTheDocument();
  });

  it('AI Insights says it is not functional yet and links to support', async () => {
    renderBrandApp('/brand/intelligence');
    const notice = await screen.findByRole(
      'dialog',
      { name: 'Prototype — UI only' },
      { timeout: 10_000 },
    );
    expect(notice).toHaveTextContent('not yet functional');
    expect(within(notice).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/brand/support',
    );
  });

  it('Support leads to the contact page, whose form says honestly that nothing was sent', async () => {
    const api = fakeApi({});
    const app = renderBrandApp('/brand/support');
    await findHeading('Support');
    await app.user.click(screen.getByRole('link', { name: 'Open the contact page' }));
    expect(await findHeading('Contact')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/brand/contact');
    expect(screen.getByRole('link', { name: 'support@advocately.app' })).toHaveAttribute(
      'href',
      'mailto:support@advocately.app',
    );
    await app.user.type(screen.getByLabelText('First name'), 'Ada');
    await app.user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This form does not send messages yet, so nothing was sent. Please email support@advocately.app',
    );
    expect(api.calls).toHaveLength(0);
  });
});
