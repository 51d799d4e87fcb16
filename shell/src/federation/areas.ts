import REMOTES from 'contract/remotes.json';

/** The four product areas, each served by its own team's remote. */
export type AreaName = 'auth' | 'user' | 'brand' | 'advocate';

/** From the one list of remotes (contract/remotes.json), which the build and server read too. */
export const AREAS = Object.fromEntries(
  REMOTES.map((remote) => [remote.area, { remote: remote.name, label: remote.label }]),
) as Record<AreaName, { remote: string; label: string }>;

/** What every remote exposes: its area's route tree. */
export const EXPOSED_APP = './App';
