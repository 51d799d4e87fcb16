import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazyPage';

describe('lazyPage', () => {
  it('renders the named export once its module has loaded', async () => {
    const Page = lazyPage(async () => ({ SettingsPage: () => <h1>Settings</h1> }), 'SettingsPage');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });
});
