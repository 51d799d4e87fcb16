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
  type User,
} from 'shared-api';
import { AllProviders } from 'shared-ui/test-utils';
import AdvocateApp from '../App';
import { makeAdvocate } from './fixtures';

// Screens are lazy: a test's first visit compiles the screen's modules, slow on a busy machine.
jest.setTimeout(20_000);

export interface RenderedAdvocateApp extends RenderResult {
  store: AppStore;
  user: ReturnType<typeof userEvent.setup>;
  location(): Location;
}

/**
 * Renders the /advocate route tree as the shell does: a real store signed in as an advocate
 * with the token 'test-token', the shared providers and a router. Paths outside /advocate
 * render nothing, so a test can follow a navigation there through `location()`.
 */
export function renderAdvocateApp(
  path: string,
  { user = makeAdvocate(), state }: { user?: User; state?: unknown } = {},
): RenderedAdvocateApp {
  const store = createAppStore();
  store.dispatch(clearSession());
  store.dispatch(setToken('test-token'));
  store.dispatch(setUser(user));
  store.dispatch(setActiveRole('advocate'));

  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }

  const view = render(
    <Provider store={store}>
      <AllProviders>
        <MemoryRouter initialEntries={[{ pathname: path, state }]}>
          <Routes>
            <Route path="/advocate/*" element={<AdvocateApp />} />
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

/** Waits for a lazily loaded screen to show its page heading. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
