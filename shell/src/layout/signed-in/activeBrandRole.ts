// The member's role on the brand being looked at, for the header: a Finance or Analyst member
// must not read "Brand Owner" next to their name. The brand being looked at is the one in the
// address (/brand/brands/{id}/…, or ?brandId= / ?brand_id= on the overview screens), else the
// user's first brand (user/me/ lists memberships oldest first).
import { BRAND_ROLE_LABELS, type BrandRole } from 'contract/teams';
import type { User } from 'shared-api';

export function brandIdInAddress(pathname: string, search: string): number | null {
  const inPath = /^\/brand\/brands\/(\d+)(?:\/|$)/.exec(pathname);
  const raw =
    inPath?.[1] ??
    new URLSearchParams(search).get('brandId') ??
    new URLSearchParams(search).get('brand_id');
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function activeBrandRole(
  user: Pick<User, 'brand_roles'> | null,
  brandId: number | null,
): BrandRole | null {
  const memberships = user?.brand_roles ?? [];
  const membership =
    (brandId !== null && memberships.find((m) => m.brand_id === brandId)) || memberships[0];
  return membership?.role ?? null;
}

/** "Brand Owner" for an owner (the role's product name), else the brand role: "Finance". */
export function brandRoleLabel(role: BrandRole | null): string {
  return role === null || role === 'owner' ? 'Brand Owner' : BRAND_ROLE_LABELS[role];
}
