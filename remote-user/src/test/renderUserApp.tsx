import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'shared-ui/router';
import {
  createAppStore,
  setActiveRole,
  setToken,
  setUser,
  type AppStore,
  type ClientRole,
  type User,
} from 'shared-api';
import { AllProviders } from 'shared-ui/test-utils';
import UserApp from '../App';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'sam@example.test',
    username: 'sam',
    first_name: 'Sam',
    last_name: 'Rivers',
    roles: [],
    is_staff: false,
    verified_at: '2025-01-02T10:00:00Z',
    is_active: true,
    brand_ids: [],
    date_joined: '2025-03-01',
    ...overrides,
  };
}

export interface RenderUserAppOptions {
  user?: User;
  activeRole?: ClientRole | null;
  /** Router state of the entry, e.g. `{ from: '/brand/campaigns' }` as the shell's guards set it. */
  state?: { from: string };
}

export interface RenderedUserApp extends RenderResult {
  store: AppStore;
  /** The pathname the router is at now. */
  pathname(): string;
}

/**
 * Renders the /user route tree as the shell does: a real store (signed in as `user`), the
 * shared providers and a router. Paths outside /user render nothing, so a test can follow a
 * navigation there through `pathname()`.
 */
export function renderUserApp(
  path: string,
  { user = makeUser(), activeRole = null, state }: RenderUserAppOptions = {},
): RenderedUserApp {
  const store = createAppStore();
  store.dispatch(setToken('test-token'));
  store.dispatch(setUser(user));
  store.dispatch(setActiveRole(activeRole));

  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }

  const result = render(
    <Provider store={store}>
      <AllProviders>
        <MemoryRouter initialEntries={[{ pathname: path, state }]}>
          <Routes>
            <Route path="/user/*" element={<UserApp />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AllProviders>
    </Provider>,
  );
  return { ...result, store, pathname: () => current.location?.pathname ?? '' };
}
