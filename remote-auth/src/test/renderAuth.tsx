import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'shared-ui/router';
import { clearSession, createAppStore, setPendingEmail } from 'shared-api';
import { AllProviders } from 'shared-ui/test-utils';
import AuthApp from '../App';

/** Stands in for every screen outside /auth, showing where navigation landed. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <output aria-label="Current page">{pathname}</output>;
}

export interface RenderAuthOptions {
  /** Location state, e.g. `{ from: '/brand/campaigns' }` as the shell's guards set it. */
  state?: unknown;
  /** The email held between the two steps of verification or reset (none by default). */
  pendingEmail?: string | null;
}

/**
 * Renders the auth remote at `path` the way the shell does: a real store, the shared providers
 * and a router with the app mounted at /auth/*. Resolves once the (lazily loaded) screen is up.
 */
export async function renderAuth(
  path: string,
  { state, pendingEmail = null }: RenderAuthOptions = {},
) {
  const store = createAppStore();
  // Signed out, as every auth screen starts, whatever an earlier test left in localStorage.
  store.dispatch(clearSession());
  store.dispatch(setPendingEmail(pendingEmail));
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <AllProviders>
        <MemoryRouter initialEntries={[{ pathname: path, state }]}>
          <Routes>
            <Route path="/auth/*" element={<AuthApp />} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </AllProviders>
    </Provider>,
  );
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument(),
  );
  return { store, user, ...view };
}

/** The path navigation ended on, once it has left the auth screens. */
export async function landedOn(): Promise<string | null> {
  return (await screen.findByRole('status', { name: 'Current page' })).textContent;
}
