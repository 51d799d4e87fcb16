import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows its text and action', async () => {
    const onCreate = jest.fn();
    renderWithProviders(
      <EmptyState
        title="No brands found."
        text="Create your first brand."
        action={<button onClick={onCreate}>Create Brand</button>}
      />,
    );
    expect(screen.getByText('No brands found.')).toBeInTheDocument();
    expect(screen.getByText('Create your first brand.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Brand' }));
    expect(onCreate).toHaveBeenCalled();
  });
});
