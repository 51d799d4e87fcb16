import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { MANIFEST_ELEMENT_ID } from './manifest';
import { loadArea, preloadArea } from './remoteLoader';

// The federation runtime stands in for the network: what it is asked to register and load is
// what the browser would download.
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: jest.fn(() => undefined),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

function AuthApp() {
  return null;
}

const AUTH_ENTRY = 'http://remotes.test:8001/remoteEntry.js';

describe('loading an area', () => {
  let fetchSpy: jest.SpyInstance;

  beforeEach(() => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = MANIFEST_ELEMENT_ID;
    block.textContent = JSON.stringify({ remote_auth: AUTH_ENTRY });
    document.head.append(block);
    fetchSpy = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    jest
      .mocked(loadRemote)
      .mockImplementation(async (id: string) =>
        id.endsWith('/requirements') ? { builtWith: {} } : { default: AuthApp },
      );
  });
  afterEach(() => {
    document.getElementById(MANIFEST_ELEMENT_ID)?.remove();
    jest.restoreAllMocks();
  });

  it('starts at start-up from the manifest in the page, and the area mount reuses that load', async () => {
    preloadArea('auth');
    await expect(loadArea('auth')).resolves.toBe(AuthApp);

    // No /remotes.json round trip: the page already said where the remote lives.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'remote_auth', entry: AUTH_ENTRY }], {
      force: undefined,
    });
    // The remote's route tree was fetched once, not once per caller.
    expect(jest.mocked(loadRemote).mock.calls.map(([id]) => id)).toEqual([
      'remote_auth/requirements',
      'remote_auth/App',
    ]);
    expect(getInstance).toHaveBeenCalled();
  });

  it('asks /remotes.json again on Retry, in case the remote moved since the page was served', async () => {
    const moved = 'https://cdn.test/auth/remoteEntry.js';
    fetchSpy.mockResolvedValue(new Response(JSON.stringify({ remote_auth: moved })));
    await expect(loadArea('auth', { fresh: true })).resolves.toBe(AuthApp);
    expect(fetchSpy).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'remote_auth', entry: moved }], {
      force: true,
    });
  });
});
