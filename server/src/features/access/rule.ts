// The one access rule for a brand's things (its details, products, campaigns, money, keys, team):
// a member of the brand whose role allows the route's permission (contract/teams.ts has the
// table), while they hold the Brand Owner role; and staff. Others are told the brand does not
// exist (404), never that it belongs to someone else; a member whose role falls short gets a 403
// naming the role needed, and a member of a brand that requires two-factor sign-in without it a
// 403 saying so. A route reading "all the caller's brands" takes permittedBrandIds, never the raw
// membership list, so the same rule (role, two-factor, a removed Brand Owner role) holds there.
//
// This folder imports no other feature: every feature may use the rule without importing
// another's code (the import circle of issue 35).
import {
  mayDo,
  roleRefusal,
  TWO_FACTOR_REQUIRED,
  type BrandPermission,
  type BrandRole,
} from 'contract/teams';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brands, type BrandRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { Membership } from './memberships.js';

export const BRAND_NOT_FOUND = 'Brand not found';

/**
 * What the rule needs of the caller (the signed-in principal has it all: features/auth). Its
 * memberships are empty while the user does not hold the Brand Owner role.
 */
export interface Accessor {
  isStaff: boolean;
  memberships: readonly Membership[];
  twoFactorEnabled: boolean;
}

/**
 * A 403 of the rule: which brand and permission were refused, so the audit log can record the
 * attempt (features/audit/denied.ts) wherever in a route it was refused.
 */
export class BrandAccessDenied extends HttpError {
  constructor(
    readonly brandId: number,
    readonly permission: BrandPermission,
    detail: string,
  ) {
    super(403, detail);
  }
}

export type BrandAccess =
  { ok: true; role: BrandRole | 'staff' } | { ok: false; status: 403 | 404; detail: string };

/** What `me` may do on brand `brandId` for `permission`. */
export function brandAccess(
  me: Accessor,
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
  me: Accessor,
  brandId: number,
  permission: BrandPermission,
): boolean => brandAccess(me, brandId, permission).ok;

/** Throws the 404 or 403 of brandAccess unless `me` may do `permission` on the brand. */
export function assertBrandAccess(
  me: Accessor,
  brandId: number,
  permission: BrandPermission,
  notFoundDetail = BRAND_NOT_FOUND,
): void {
  const access = brandAccess(me, brandId, permission);
  if (access.ok) return;
  throw access.status === 404
    ? notFound(notFoundDetail)
    : new BrandAccessDenied(brandId, permission, access.detail);
}

/**
 * The brands of the caller's memberships on which they may do `permission`, oldest first: what a
 * route reading "all my brands" reads. Staff get their own memberships here too (every brand
 * would be every tenant's figures at once); they name a brand to read any other.
 */
export const permittedBrandIds = (me: Accessor, permission: BrandPermission): number[] =>
  me.memberships.filter((m) => brandAccess(me, m.brandId, permission).ok).map((m) => m.brandId);

export async function findBrand(db: Database, id: number): Promise<BrandRow | undefined> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  return brand;
}

/** The brand when `me` may do `permission` on it; otherwise the 404 or 403 of brandAccess. */
export async function manageableBrand(
  db: Database,
  me: Accessor,
  brandId: number,
  permission: BrandPermission = 'view',
): Promise<BrandRow> {
  // Membership is checked first: a non-member learns nothing, not even whether the brand exists.
  assertBrandAccess(me, brandId, permission);
  const brand = await findBrand(db, brandId);
  if (!brand) throw notFound(BRAND_NOT_FOUND);
  return brand;
}
