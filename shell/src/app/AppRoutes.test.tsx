import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createAppStore, setToken, setUser } from 'shared-api';
import { Link, MemoryRouter, Navigate, useLocation } from 'shared-ui/router';
import { AllProviders } from 'shared-ui/test-utils';
import type { AreaName } from '../federation/areas';
import { AppRoutes } from './AppRoutes';
// The layouts are lazy routes; loading them up front keeps the first test from spending its
// wait on compiling them.
import '../layout/signed-in/SignedInLayout';
import '../pages/LandingPage';
import { aUser } from 'shared-api/testing';

// Each fake remote says which area it is and where it thinks it is. Like a real route tree, it
// redirects when drawn outside its own prefix, which is how a stale area shows itself.
jest.mock('../federation/remoteLoader', () => ({
  loadArea: async (area: AreaName) =>
    function FakeArea() {
      const { pathname } = useLocation();
      if (!pathname.startsWith(`/${area}`)) return <Navigate to={`/${area}/get-started`} replace />;
      return (
        <section>
          <h1>{`${area} area at ${pathname}`}</h1>
          <Link to="/brand/create">Create Your Own Brand</Link>
        </section>
      );
    },
}));

function renderAt(path: string) {
  const store = createAppStore();
  store.dispatch(setToken('token'));
  store.dispatch(
    setUser(
      aUser({
        id: 1,
        email: 'new@example.com',
        username: 'newbie',
        roles: [],
        brand_ids: [],
        first_name: '',
        is_staff: false,
        verified_at: null,
        is_active: true,
      }),
    ),
  );
  return render(
    <Provider store={store}>
      <AllProviders>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AllProviders>
    </Provider>,
  );
}

describe('AppRoutes', () => {
  beforeEach(() => localStorage.clear());

  it('hands over to the brand remote when a user without roles goes from get-started to brand creation', async () => {
    renderAt('/user/get-started');
    // The first render of the file also resolves the lazy layout: on a loaded machine that takes
    // longer than findBy's default second.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'user area at /user/get-started' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Create Your Own Brand' }));
    expect(
      await screen.findByRole('heading', { name: 'brand area at /brand/create' }),
    ).toBeInTheDocument();
  });

  it('sends a user without roles away from the brand workspace to get-started', async () => {
    renderAt('/brand/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'user area at /user/get-started' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page', async () => {
    const store = createAppStore();
    render(
      <Provider store={store}>
        <AllProviders>
          <MemoryRouter initialEntries={['/advocate/dashboard']}>
            <AppRoutes />
          </MemoryRouter>
        </AllProviders>
      </Provider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'auth area at /auth/login' }),
    ).toBeInTheDocument();
  });
});
