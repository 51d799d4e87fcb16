// Who may see which figures: a brand's owner (and staff) its brands'; an advocate their own.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { rowsOf } from '../../lib/sql.js';
import type { Principal } from '../auth/index.js';
import { manageableBrand, brandIdsOwnedBy } from '../brands/index.js';

/** brand_id given: that brand if the caller manages it (else 404); otherwise the brands they own. */
export async function brandScope(
  db: Database,
  me: Principal,
  brandId: number | undefined,
): Promise<number[]> {
  if (brandId !== undefined) return [(await manageableBrand(db, me, brandId)).id];
  return brandIdsOwnedBy(db, me.userId);
}

/** The brands whose campaigns the advocate joined. */
export async function joinedBrandIds(db: Database, advocateId: number): Promise<number[]> {
  const rows = await rowsOf<{ brand_id: number }>(
    db,
    sql`select distinct c.brand_id from campaign_joins j join campaigns c on c.id = j.campaign_id
      where j.advocate_id = ${advocateId} order by c.brand_id`,
  );
  return rows.map((r) => r.brand_id);
}

/**
 * Whose advocate figures the caller may see and on which brands: their own (all the brands they
 * joined); staff, anyone's; a brand owner, an advocate's on the owner's brands they joined.
 * Anything else: 404.
 */
export async function advocateScope(
  db: Database,
  me: Principal,
  advocateId: number | undefined,
): Promise<{ advocateId: number; brandIds: number[] }> {
  const id = advocateId ?? me.userId;
  const joined = await joinedBrandIds(db, id);
  if (id === me.userId || me.isStaff) return { advocateId: id, brandIds: joined };
  const owned = new Set(await brandIdsOwnedBy(db, me.userId));
  const visible = joined.filter((b) => owned.has(b));
  if (visible.length === 0) throw notFound('Advocate not found');
  return { advocateId: id, brandIds: visible };
}
