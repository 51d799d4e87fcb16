import { homeForRole, type ClientRole } from 'shared-api';

const ROLES: readonly ClientRole[] = ['brand', 'advocate'];

/** True when `path` is `prefix` itself or below it ('/brandx' is not under '/brand'). */
function isUnder(path: string, prefix: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0];
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Where to go after sign-in. `destination` is loginUser's answer (the sign-in order); when it
 * is a role's home and a guard had sent the user here from a page in that same role's area, the
 * user goes back to that page instead: they were signed out, not lost.
 */
export function postLoginPath(destination: string, from: string | null): string {
  if (!from) return destination;
  const role = ROLES.find((candidate) => homeForRole(candidate) === destination);
  return role && isUnder(from, `/${role}`) ? from : destination;
}

/**
 * The page a guard redirected from. The shell's guards put `{ from: pathname }` in the location
 * state; a whole location object (`{ from: { pathname, search } }`) is accepted as well.
 */
export function redirectedFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from === 'string') return from.startsWith('/') ? from : null;
  if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const { pathname } = from;
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    return typeof pathname === 'string' && pathname.startsWith('/') ? pathname + search : null;
  }
  return null;
}
