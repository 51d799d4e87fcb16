import REMOTES from 'contract/remotes.json';

/** The four product areas, each served by its own team's remote. */
export type AreaName = 'auth' | 'user' | 'brand' | 'advocate';

/** From the one list of remotes (contract/remotes.json), which the build and server read too. */
export const AREAS = Object.fromEntries(
  REMOTES.map((remote) => [remote.area, { remote: remote.name, label: remote.label }]),
) as Record<AreaName, { remote: string; label: string }>;

/** The area whose route prefix owns `pathname` (`/auth` owns `/auth` and `/auth/login`), if any. */
export function areaForPath(pathname: string): AreaName | null {
  const remote = REMOTES.find(
    (r) => pathname === r.routePrefix || pathname.startsWith(`${r.routePrefix}/`),
  );
  return remote ? (remote.area as AreaName) : null;
}

/** What every remote exposes: its area's route tree. */
export const EXPOSED_APP = './App';
