import type { User } from 'shared-api';
import { BRAND_ROLE_LABELS, type BrandRole } from 'contract/teams';

/** A brand the user is a member of, with their role on it when the server says it. */
export interface BrandAccessEntry {
  brandId: number;
  role: BrandRole | null;
}

/** The brands the user is a member of (brand_ids), each with its role from brand_roles. */
export function brandAccessOf(user: User): BrandAccessEntry[] {
  const roles = new Map((user.brand_roles ?? []).map((r) => [r.brand_id, r.role]));
  return user.brand_ids.map((brandId) => ({ brandId, role: roles.get(brandId) ?? null }));
}

/** 'Finance' for a role. */
export const roleLabel = (role: BrandRole): string => BRAND_ROLE_LABELS[role];

/** 'Ada Lovelace', else the username. */
export function displayNameOf(user: User): string {
  const full = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}

/** The member-since date. */
export function joinedOf(user: User): string {
  return user.date_joined;
}
