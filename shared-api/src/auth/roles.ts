import type { ApiRole, ClientRole, ServerRole } from '../types/roles';

/** Maps every spelling the server uses onto the client's role names. */
const CLIENT_ROLE_OF: Readonly<Record<ApiRole | ServerRole, ClientRole>> = {
  brand_owner: 'brand',
  'Brand Owner': 'brand',
  advocate: 'advocate',
  Advocate: 'advocate',
};

const API_ROLE_OF: Readonly<Record<ClientRole, ApiRole>> = {
  brand: 'brand_owner',
  advocate: 'advocate',
};

const HOME_OF = {
  brand: '/brand/dashboard',
  advocate: '/advocate/dashboard',
} as const satisfies Record<ClientRole, string>;

export type RoleHome = (typeof HOME_OF)[ClientRole];

export const LOGIN_PATH = '/auth/login';
export const GET_STARTED_PATH = '/user/get-started';
export const SELECT_ROLE_PATH = '/user/select-role';
export const BRAND_CREATE_PATH = '/brand/create';

/** Client role of any server spelling; null for null, undefined or an unknown name. */
export function toClientRole(role: ApiRole | ServerRole | null | undefined): ClientRole | null {
  if (role == null) return null;
  return Object.hasOwn(CLIENT_ROLE_OF, role) ? CLIENT_ROLE_OF[role] : null;
}

export function toApiRole(role: ClientRole): ApiRole {
  return API_ROLE_OF[role];
}

export function homeForRole(role: ClientRole): RoleHome {
  return HOME_OF[role];
}

/** Client roles a user may activate, without duplicates. */
export function availableRolesOf(roles: readonly ServerRole[]): ClientRole[] {
  const found = new Set(roles.map(toClientRole));
  // A fixed order keeps the result stable whatever order the server lists roles in.
  return (['brand', 'advocate'] as const).filter((role) => found.has(role));
}

/** True when `path` is `prefix` itself or lies below it ('/brandx' is not under '/brand'). */
function isUnder(path: string, prefix: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0];
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export interface RoleContext {
  activeRole: ClientRole | null;
  availableRoles: readonly ClientRole[];
}

export interface LoginDestination {
  path: string;
  /** Set when the user holds exactly one role: the caller must make it the active role. */
  autoRole?: ClientRole;
}

/** Where to go after sign-in: the active role's home, the only role's, select-role, get-started. */
export function loginDestination({ activeRole, availableRoles }: RoleContext): LoginDestination {
  if (activeRole === 'brand') return { path: homeForRole('brand') };
  if (activeRole === 'advocate') return { path: homeForRole('advocate') };
  if (availableRoles.includes('brand') && availableRoles.includes('advocate')) {
    return { path: SELECT_ROLE_PATH };
  }
  if (availableRoles.length === 1) {
    const [only] = availableRoles;
    return { path: homeForRole(only), autoRole: only };
  }
  return { path: GET_STARTED_PATH };
}

export interface GuardInput extends RoleContext {
  area: ClientRole;
  /** The requested pathname. */
  path: string;
  isAuthenticated: boolean;
}

export type GuardDecision = { allow: true } | { redirect: string };

/** Whether a role area may render `path`, else where to send the user (a role area needs its active role). */
export function guardDecision({
  area,
  path,
  isAuthenticated,
  activeRole,
  availableRoles,
}: GuardInput): GuardDecision {
  if (!isAuthenticated) return { redirect: LOGIN_PATH };
  // Creating the first brand is how a user gains the brand role, so it cannot require it.
  if (area === 'brand' && isUnder(path, BRAND_CREATE_PATH)) return { allow: true };
  if (availableRoles.length === 0) return { redirect: GET_STARTED_PATH };
  // An active role the user no longer holds (e.g. removed on another device) counts as none.
  if (activeRole === null || !availableRoles.includes(activeRole)) {
    return { redirect: SELECT_ROLE_PATH };
  }
  if (activeRole !== area) return { redirect: homeForRole(activeRole) };
  return { allow: true };
}

export interface SelectRoleInput {
  chosen: ClientRole;
  /** The page the user came from, if any (pathname, optionally with query). */
  from?: string | null;
  /** Whether the user already holds the Brand Owner role. */
  hasBrandRole: boolean;
}

/** Where select-role sends the user after a choice. */
export function selectRoleDestination({ chosen, from, hasBrandRole }: SelectRoleInput): string {
  if (chosen === 'brand' && !hasBrandRole) return BRAND_CREATE_PATH;
  if (from && isUnder(from, `/${chosen}`)) return from;
  return homeForRole(chosen);
}
