import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'shared-ui/router';
import {
  clearSession,
  createAppStore,
  setActiveRole,
  setToken,
  setUser,
  type AppStore,
  type ClientRole,
  type User,
} from 'shared-api';
import { AllProviders } from 'shared-ui/test-utils';
import BrandApp from '../App';
import { makeUser } from './fixtures';

// Screens are lazy: a test's first visit compiles the screen's modules, slow on a busy machine.
jest.setTimeout(20_000);

export interface RenderBrandAppOptions {
  /** Signed in as this user with a token; null renders signed out (no token). */
  user?: User | null;
  activeRole?: ClientRole | null;
  /** Router state of the entry, e.g. a brand passed along by the brands grid. */
  state?: unknown;
}

export interface RenderedBrandApp extends RenderResult {
  store: AppStore;
  user: ReturnType<typeof userEvent.setup>;
  /** The location the router is at now. */
  location(): Location;
}

/**
 * Renders the /brand route tree as the shell does: a real store, the shared providers and a
 * router, with /brand/create on a route of its own like the shell's. Paths outside /brand
 * render nothing, so a test can follow navigation there through `location()`.
 */
export function renderBrandApp(
  path: string,
  { user = makeUser(), activeRole = 'brand', state }: RenderBrandAppOptions = {},
): RenderedBrandApp {
  const store = createAppStore();
  store.dispatch(clearSession());
  if (user) {
    store.dispatch(setToken('test-token'));
    store.dispatch(setUser(user));
    store.dispatch(setActiveRole(activeRole));
  }

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
            <Route path="/brand/create" element={<BrandApp />} />
            <Route path="/brand/*" element={<BrandApp />} />
            <Route path="*" element={null} />
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

/** '/brand/advocates?page=2' → its pathname and search, as a router entry wants them. */
function splitPath(path: string): { pathname: string; search: string } {
  const at = path.indexOf('?');
  return at === -1
    ? { pathname: path, search: '' }
    : { pathname: path.slice(0, at), search: path.slice(at) };
}

/** Waits for a lazily loaded screen to show its page heading (the first import compiles it). */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
