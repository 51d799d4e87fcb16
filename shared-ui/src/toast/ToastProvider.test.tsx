import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast, TOAST_DEFAULTS } from './ToastProvider';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Campaign saved')}>ok</button>
      <button onClick={() => toast.error('Something failed')}>fail</button>
      <button onClick={() => ['One', 'Two', 'Three', 'Four'].forEach((m) => toast.info(m))}>
        many
      </button>
    </>
  );
}

describe('toasts', () => {
  it('shows success and error messages', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'ok' }));
    expect(await screen.findByText('Campaign saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('Something failed')).toBeInTheDocument();
  });

  it('keeps at most three visible and hides them after 4 seconds', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(
        <ToastProvider>
          <Trigger />
        </ToastProvider>,
      );
      await user.click(screen.getByRole('button', { name: 'many' }));
      // The oldest toast makes room through an exit transition before the fourth appears.
      for (let i = 0; i < 5; i += 1) act(() => jest.advanceTimersByTime(300));
      expect(screen.queryByText('One')).not.toBeInTheDocument();
      expect(screen.getByText('Four')).toBeInTheDocument();
      for (let i = 0; i < 10; i += 1)
        act(() => jest.advanceTimersByTime(TOAST_DEFAULTS.autoHideDuration / 4));
      expect(screen.queryByText('Four')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('uses the product defaults', () => {
    expect(TOAST_DEFAULTS).toEqual({
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      maxSnack: 3,
      autoHideDuration: 4000,
    });
  });
});
