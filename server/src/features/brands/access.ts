// Who may manage a brand's things (its products, campaigns, documents): its owner while they
// hold the Brand Owner role, and staff.
// Everyone else is told the thing does not exist (404), never that it belongs to someone else.
import type { Database } from '../../db/client.js';
import type { BrandRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import type { Principal } from '../auth/index.js';
import { findBrand } from './repository.js';

export const BRAND_NOT_FOUND = 'Brand not found';

/** Owning a brand gives access only while the owner holds the Brand Owner role. */
export const canManageBrand = (me: Principal, ownerId: number): boolean =>
  me.isStaff || (me.userId === ownerId && me.roles.includes('brand_owner'));

/** The brand when the caller may manage it; otherwise 404 'Brand not found'. */
export async function manageableBrand(
  db: Database,
  me: Principal,
  brandId: number,
): Promise<BrandRow> {
  const brand = await findBrand(db, brandId);
  if (!brand || !canManageBrand(me, brand.ownerId)) throw notFound(BRAND_NOT_FOUND);
  return brand;
}
