import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test-utils';
import { ConfirmDialog, useConfirm } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('calls onConfirm or onCancel from its buttons', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        title="Delete campaign?"
        message="This cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete campaign?' })).toHaveTextContent(
      'This cannot be undone.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons while loading', () => {
    renderWithProviders(
      <ConfirmDialog
        open
        title="Delete?"
        confirmLabel="Deleting..."
        loading
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('useConfirm', () => {
  function Harness() {
    const { confirm, dialog } = useConfirm();
    const [answer, setAnswer] = useState('none');
    return (
      <>
        <button
          onClick={async () =>
            setAnswer(String(await confirm({ title: 'Remove role?', confirmLabel: 'Remove' })))
          }
        >
          Remove role
        </button>
        <p>answer: {answer}</p>
        {dialog}
      </>
    );
  }

  it('resolves true on confirm and false on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Remove role' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText('answer: true')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove role' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('answer: false')).toBeInTheDocument());
  });
});
