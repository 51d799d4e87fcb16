import { ROLE_NAMES } from 'contract/rules';
import type { ClientRole, ServerRole } from '../types/roles';
import type { User } from '../types/user';

/**
 * The versioned localStorage record of the session. Only what makes a reload render the right
 * shell persists; the token never does (it lives in memory and the short-lived cookie).
 */
export const AUTH_STORAGE_KEY = 'auth';
export const AUTH_STORAGE_VERSION = 1;

export interface PersistedAuth {
  user: User | null;
  roles: ServerRole[];
  activeRole: ClientRole | null;
  pendingEmail: string | null;
}

interface StoredRecord {
  version: typeof AUTH_STORAGE_VERSION;
  state: PersistedAuth;
}

const SERVER_ROLES: readonly string[] = ROLE_NAMES;
const CLIENT_ROLES: readonly string[] = ['brand', 'advocate'] satisfies ClientRole[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isServerRole(value: unknown): value is ServerRole {
  return typeof value === 'string' && SERVER_ROLES.includes(value);
}

function isClientRole(value: unknown): value is ClientRole {
  return typeof value === 'string' && CLIENT_ROLES.includes(value);
}

// A user record is trusted only as far as the fields the shell reads before GET user/me/
// answers; the next load replaces it anyway.
function isUser(value: unknown): value is User {
  return isRecord(value) && typeof value.id === 'number' && typeof value.username === 'string';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access throws when storage is disabled (e.g. some private modes).
    return null;
  }
}

/**
 * The persisted session, or null when absent, unreadable or of another version. Another version
 * is dropped rather than migrated: the next sign-in rebuilds it from the server.
 */
export function loadPersistedAuth(): PersistedAuth | null {
  const raw = storage()?.getItem(AUTH_STORAGE_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== AUTH_STORAGE_VERSION || !isRecord(parsed.state)) {
    return null;
  }
  const { user, roles, activeRole, pendingEmail } = parsed.state;
  return {
    user: isUser(user) ? user : null,
    roles: Array.isArray(roles) ? roles.filter(isServerRole) : [],
    activeRole: isClientRole(activeRole) ? activeRole : null,
    pendingEmail: typeof pendingEmail === 'string' ? pendingEmail : null,
  };
}

export function savePersistedAuth(state: PersistedAuth): void {
  const record: StoredRecord = { version: AUTH_STORAGE_VERSION, state };
  try {
    storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // A full or disabled storage only costs the next reload its head start.
  }
}
