/**
 * The one render helper of every remote's component tests: an area's route tree mounted as the
 * shell mounts it, with a real store, the shared providers (as in the standalone harness) and a
 * router. Paths outside the area render `outside` (nothing by default), so a test can follow a
 * navigation away through `location()`.
 */
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'shared-ui/router';
import { AllProviders } from 'shared-ui/test-utils';
import { clearSession, setActiveRole, setToken, setUser } from '../auth/authSlice';
import { createAppStore, type AppStore } from '../store';
import type { ClientRole } from '../types/roles';
import type { User } from '../types/user';

export interface RenderAreaOptions {
  /** Route patterns the area is mounted at, e.g. ['/brand/create', '/brand/*']. */
  routes: readonly string[];
  /** Signed in as this user with the token 'test-token'; null renders signed out. */
  user?: User | null;
  activeRole?: ClientRole | null;
  /** Router state of the entry (a record passed along, or `{ from }` as the guards set it). */
  state?: unknown;
  /** What paths outside the area render. */
  outside?: ReactNode;
  /** Extra session set-up before the first render (e.g. a pending email). */
  prepare?: (store: AppStore) => void;
}

export interface RenderedArea extends RenderResult {
  store: AppStore;
  user: ReturnType<typeof userEvent.setup>;
  /** The location the router is at now. */
  location(): Location;
}

/** '/brand/advocates?page=2' → its pathname and search, as a router entry wants them. */
function splitPath(path: string): { pathname: string; search: string } {
  const at = path.indexOf('?');
  return at === -1
    ? { pathname: path, search: '' }
    : { pathname: path.slice(0, at), search: path.slice(at) };
}

export function renderArea(
  App: ComponentType,
  path: string,
  { routes, user = null, activeRole = null, state, outside = null, prepare }: RenderAreaOptions,
): RenderedArea {
  const store = createAppStore();
  // Whatever an earlier test left in localStorage, each test starts from its own session.
  store.dispatch(clearSession());
  if (user) {
    store.dispatch(setToken('test-token'));
    store.dispatch(setUser(user));
    store.dispatch(setActiveRole(activeRole));
  }
  prepare?.(store);

  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }

  const view = render(
    <Provider store={store}>
      <AllProviders>
        <MemoryRouter initialEntries={[{ ...splitPath(path), state }]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route} path={route} element={<App />} />
            ))}
            <Route path="*" element={outside} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AllProviders>
    </Provider>,
  );
  return {
    ...view,
    store,
    user: userEvent.setup(),
    location: () => {
      if (!current.location) throw new Error('router not rendered');
      return current.location;
    },
  };
}

/** Waits for a lazily loaded screen to show its page heading (the first import compiles it). */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
