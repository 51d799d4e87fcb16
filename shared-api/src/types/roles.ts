/**
 * The three spellings of a role. The server's user record names roles in prose, the active-role
 * call uses snake_case, and the client keys its areas by a short name. Keeping them as distinct
 * types makes every conversion explicit (see auth/roles.ts).
 */
import type { RoleCode, RoleName } from 'contract/rules';

/** Role names on the server's user record. */
export type ServerRole = RoleName;

/** Role names accepted and returned by the active-role and upgrade calls. */
export type ApiRole = RoleCode;

/** Role names inside the client: they match the route prefixes /brand and /advocate. */
export type ClientRole = 'brand' | 'advocate';
