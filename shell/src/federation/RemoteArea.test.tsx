import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AllProviders } from 'shared-ui/test-utils';
import { RemoteArea } from './RemoteArea';
import { RemoteUnavailableError, type loadArea } from './remoteLoader';

function Brand() {
  return <h1>Brand area</h1>;
}

function Crashing(): never {
  throw new Error('render bug in a remote');
}

describe('RemoteArea', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders the remote once it has loaded', async () => {
    const load: typeof loadArea = jest.fn(async () => Brand);
    render(<RemoteArea area="brand" load={load} />, { wrapper: AllProviders });
    expect(await screen.findByRole('heading', { name: 'Brand area' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('brand', { fresh: false });
  });

  it('shows the unavailable panel when the remote is down, and Retry reloads it fresh', async () => {
    const load = jest
      .fn<ReturnType<typeof loadArea>, Parameters<typeof loadArea>>()
      .mockRejectedValueOnce(new RemoteUnavailableError('brand'))
      .mockResolvedValueOnce(Brand);
    render(<RemoteArea area="brand" load={load} />, { wrapper: AllProviders });

    expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Brand area' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('brand', { fresh: true });
  });

  it('contains a remote that throws while rendering', async () => {
    const load: typeof loadArea = jest.fn(async () => Crashing);
    render(
      <>
        <p>Shell header</p>
        <RemoteArea area="advocate" load={load} />
      </>,
      { wrapper: AllProviders },
    );
    expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();
    expect(screen.getByText('Shell header')).toBeInTheDocument();
  });
});
