import { screen } from '@testing-library/react';
import { renderUserApp } from '../../test/renderUserApp';

describe('/user routes', () => {
  it('sends /user to the dashboard, which is placeholder text', async () => {
    const app = renderUserApp('/user');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/user/dashboard');
  });

  it('shows not-found with a Home link for unknown paths', async () => {
    renderUserApp('/user/nope');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});
