import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'shared-ui/router';
import { renderWithProviders } from '../../test-utils';
import { NotFoundPage } from './NotFoundPage';

describe('NotFoundPage', () => {
  it('says the page is missing and links Home', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/auth/nowhere']}>
        <Routes>
          <Route path="/" element={<h1>Landing</h1>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
  });
});
