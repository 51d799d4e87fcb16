import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import {
  ToastProvider,
  useToast,
  useToastClearance,
  TOAST_DEFAULTS,
  TOP_BAR_HEIGHT_VAR,
} from './ToastProvider';

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

describe('useToastClearance', () => {
  function Bar() {
    const ref = useRef<HTMLElement>(null);
    useToastClearance(ref);
    return <header ref={ref} />;
  }
  const placeBar = (top: number, height: number) =>
    jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top, height } as DOMRect);
  const offset = () => document.documentElement.style.getPropertyValue(TOP_BAR_HEIGHT_VAR);

  afterEach(() => jest.restoreAllMocks());

  it('moves toasts below a bar at the top of the page, and back when it goes', () => {
    placeBar(0, 64);
    const view = render(<Bar />);
    expect(offset()).toBe('64px');
    view.unmount();
    expect(offset()).toBe('');
  });

  it('leaves toasts at the top when the bar sits further down the page', () => {
    placeBar(420, 56);
    render(<Bar />);
    expect(offset()).toBe('0px');
  });
});
