// Who may see which figures: a brand's members (and staff) its brands', under the access rule
// with its 'view' permission (a brand requiring two-factor, a removed Brand Owner role); an
// advocate their own.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { rowsOf } from '../../lib/sql.js';
import type { Principal } from '../auth/index.js';
import { manageableBrand, permittedBrandIds } from '../access/index.js';

/**
 * brand_id given: that brand if the caller may view it (else its 404 or 403); otherwise every
 * brand the caller may view (never the raw membership list).
 */
export async function brandScope(
  db: Database,
  me: Principal,
  brandId: number | undefined,
): Promise<number[]> {
  if (brandId !== undefined) return [(await manageableBrand(db, me, brandId)).id];
  return permittedBrandIds(me, 'view');
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
 * joined); staff, anyone's; a brand member, an advocate's on the brands the member may view
 * (the access rule) that the advocate joined.
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
  const viewable = new Set(permittedBrandIds(me, 'view'));
  const visible = joined.filter((b) => viewable.has(b));
  if (visible.length === 0) throw notFound('Advocate not found');
  return { advocateId: id, brandIds: visible };
}
