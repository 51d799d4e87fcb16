// The one access rule for a brand's things (its details, products, campaigns, money, keys, team):
// a member of the brand whose role allows the route's permission (contract/teams.ts has the
// table), while they hold the Brand Owner role; and staff. Others are told the brand does not
// exist (404), never that it belongs to someone else; a member whose role falls short gets a 403
// naming the role needed, and a member of a brand that requires two-factor sign-in without it a
// 403 saying so.
import {
  mayDo,
  roleRefusal,
  TWO_FACTOR_REQUIRED,
  type BrandPermission,
  type BrandRole,
} from 'contract/teams';
import type { Database } from '../../db/client.js';
import type { BrandRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { Principal } from '../auth/index.js';
import { findBrand } from './repository.js';

export const BRAND_NOT_FOUND = 'Brand not found';

export type BrandAccess =
  { ok: true; role: BrandRole | 'staff' } | { ok: false; status: 403 | 404; detail: string };

/** What `me` may do on brand `brandId` for `permission`. */
export function brandAccess(
  me: Principal,
  brandId: number,
  permission: BrandPermission,
): BrandAccess {
  if (me.isStaff) return { ok: true, role: 'staff' };
  const membership = me.memberships.find((m) => m.brandId === brandId);
  if (!membership) return { ok: false, status: 404, detail: BRAND_NOT_FOUND };
  if (membership.requiresTwoFactor && !me.twoFactorEnabled)
    return { ok: false, status: 403, detail: TWO_FACTOR_REQUIRED };
  if (!mayDo(membership.role, permission))
    return { ok: false, status: 403, detail: roleRefusal(permission, membership.role) };
  return { ok: true, role: membership.role };
}

/** True when `me` may do `permission` on the brand (for filtering lists; no error). */
export const mayActOnBrand = (
  me: Principal,
  brandId: number,
  permission: BrandPermission,
): boolean => brandAccess(me, brandId, permission).ok;

/** Throws the 404 or 403 of brandAccess unless `me` may do `permission` on the brand. */
export function assertBrandAccess(
  me: Principal,
  brandId: number,
  permission: BrandPermission,
  notFoundDetail = BRAND_NOT_FOUND,
): void {
  const access = brandAccess(me, brandId, permission);
  if (access.ok) return;
  throw access.status === 404 ? notFound(notFoundDetail) : new HttpError(403, access.detail);
}

/** The brand when `me` may do `permission` on it; otherwise the 404 or 403 of brandAccess. */
export async function manageableBrand(
  db: Database,
  me: Principal,
  brandId: number,
  permission: BrandPermission = 'view',
): Promise<BrandRow> {
  // Membership is checked first: a non-member learns nothing, not even whether the brand exists.
  assertBrandAccess(me, brandId, permission);
  const brand = await findBrand(db, brandId);
  if (!brand) throw notFound(BRAND_NOT_FOUND);
  return brand;
}
