import type { ClientRole, User } from 'shared-api';
import { aUser, renderArea, type RenderedArea } from 'shared-api/testing';
import UserApp from '../App';

/** The account area's user: no roles yet, no brands (a contract-typed user record). */
export function makeUser(overrides: Partial<User> = {}): User {
  return aUser({
    email: 'sam@example.test',
    username: 'sam',
    first_name: 'Sam',
    last_name: 'Rivers',
    roles: [],
    brand_ids: [],
    brand_roles: [],
    date_joined: '2025-03-01',
    ...overrides,
  });
}

export interface RenderUserAppOptions {
  user?: User;
  activeRole?: ClientRole | null;
  /** Router state of the entry, e.g. `{ from: '/brand/campaigns' }` as the shell's guards set it. */
  state?: { from: string };
}

export interface RenderedUserApp extends RenderedArea {
  /** The pathname the router is at now. */
  pathname(): string;
}

/** The /user route tree as the shell mounts it, signed in as `user`. */
export function renderUserApp(
  path: string,
  { user = makeUser(), activeRole = null, state }: RenderUserAppOptions = {},
): RenderedUserApp {
  const view = renderArea(UserApp, path, { routes: ['/user/*'], user, activeRole, state });
  return { ...view, pathname: () => view.location().pathname };
}
