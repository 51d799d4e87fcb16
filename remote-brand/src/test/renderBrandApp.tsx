import type { ClientRole, User } from 'shared-api';
import { findHeading, renderArea, type RenderedArea } from 'shared-api/testing';
import BrandApp from '../App';
import { makeUser } from './fixtures';

// Screens are lazy: a test's first visit compiles the screen's modules, slow on a busy machine.
jest.setTimeout(20_000);

export { findHeading };

export interface RenderBrandAppOptions {
  /** Signed in as this user with a token; null renders signed out (no token). */
  user?: User | null;
  activeRole?: ClientRole | null;
  /** Router state of the entry, e.g. a brand passed along by the brands grid. */
  state?: unknown;
}

export type RenderedBrandApp = RenderedArea;

/** The /brand route tree as the shell mounts it, /brand/create on a route of its own. */
export function renderBrandApp(
  path: string,
  { user = makeUser(), activeRole = 'brand', state }: RenderBrandAppOptions = {},
): RenderedBrandApp {
  return renderArea(BrandApp, path, {
    routes: ['/brand/create', '/brand/*'],
    user,
    activeRole,
    state,
  });
}
