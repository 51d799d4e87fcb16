import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'shared-ui/router';
import { setPendingEmail } from 'shared-api';
import { renderArea } from 'shared-api/testing';
import AuthApp from '../App';

// Screens are lazy: a test's first visit compiles the screen's modules, slow on a busy machine.
jest.setTimeout(20_000);

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
  /** Signed in as this user (just registered, or coming from the profile); signed out by default. */
  user?: Parameters<typeof renderArea>[2]['user'];
}

/**
 * Renders the auth remote at `path` the way the shell does (shared-api/testing's renderArea),
 * signed out unless `user` is given. Resolves once the (lazily loaded) screen is up.
 */
export async function renderAuth(
  path: string,
  { state, pendingEmail = null, user = null }: RenderAuthOptions = {},
) {
  const view = renderArea(AuthApp, path, {
    routes: ['/auth/*'],
    state,
    user,
    outside: <Elsewhere />,
    prepare: (store) => store.dispatch(setPendingEmail(pendingEmail)),
  });
  await waitFor(
    () => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument(),
    { timeout: 10_000 },
  );
  return view;
}

/** The path navigation ended on, once it has left the auth screens. */
export async function landedOn(): Promise<string | null> {
  return (await screen.findByRole('status', { name: 'Current page' })).textContent;
}
