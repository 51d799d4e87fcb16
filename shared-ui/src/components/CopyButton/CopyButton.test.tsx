import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { CopyButton } from './CopyButton';

describe('CopyButton', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(writeText: jest.Mock) {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // After setup: user-event installs its own clipboard stub, which this replaces.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<CopyButton text="https://example.com/r/abc" />);
    return user;
  }

  it('copies the text and shows Copied for 2 seconds', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const user = setup(writeText);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://example.com/r/abc');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1800));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('stays silent when the clipboard refuses', async () => {
    const writeText = jest.fn().mockRejectedValue(new Error('denied'));
    const user = setup(writeText);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await act(() => Promise.resolve());
    expect(writeText).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });
});
