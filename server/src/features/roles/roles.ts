// Role vocabulary. Stored as codes ('brand_owner', 'advocate'); shown to clients as the server
// names 'Brand Owner' / 'Advocate' in `roles`, and as codes in the active-role interface.
import { ROLE_INPUTS, type RoleName } from 'contract/rules';
import { ROLE_CODES, type RoleCode } from '../../db/schema.js';

export type { RoleCode };
export { ROLE_CODES };

export const ROLE_NAMES: Record<RoleCode, RoleName> = {
  brand_owner: 'Brand Owner',
  advocate: 'Advocate',
};

/** Every spelling a client may send, including the legacy alias 'Brand'. */
const ROLE_ALIASES: Record<string, RoleCode> = {
  'brand owner': 'brand_owner',
  brand: 'brand_owner',
  brand_owner: 'brand_owner',
  advocate: 'advocate',
};
export { ROLE_INPUTS };

export function parseRole(input: string): RoleCode | undefined {
  return ROLE_ALIASES[input.trim().toLowerCase()];
}

/** Server names in a stable order (brand first), whatever order the database returned. */
export function roleNames(codes: readonly RoleCode[]): RoleName[] {
  return ROLE_CODES.filter((code) => codes.includes(code)).map((code) => ROLE_NAMES[code]);
}

/**
 * The session's effective active role: the stored one while the user still holds it; otherwise
 * the only role when the user has exactly one (chosen automatically); otherwise none.
 */
export function effectiveActiveRole(
  stored: RoleCode | null,
  held: readonly RoleCode[],
): RoleCode | null {
  if (stored && held.includes(stored)) return stored;
  return held.length === 1 ? held[0] : null;
}
