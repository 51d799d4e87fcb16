import type { User } from 'shared-api';
import { findHeading, renderArea, type RenderedArea } from 'shared-api/testing';
import AdvocateApp from '../App';
import { makeAdvocate } from './fixtures';

// Screens are lazy: a test's first visit compiles the screen's modules, slow on a busy machine.
jest.setTimeout(20_000);

export { findHeading };

export type RenderedAdvocateApp = RenderedArea;

/** The /advocate route tree as the shell mounts it, signed in as an advocate. */
export function renderAdvocateApp(
  path: string,
  { user = makeAdvocate(), state }: { user?: User; state?: unknown } = {},
): RenderedAdvocateApp {
  return renderArea(AdvocateApp, path, {
    routes: ['/advocate/*'],
    user,
    activeRole: 'advocate',
    state,
  });
}
