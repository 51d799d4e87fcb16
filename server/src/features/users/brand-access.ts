// Which brands a user may manage (brand_ids): the brands they own. Kept behind this one
// function so user/me/ does not depend on how the brands feature stores ownership.
import type { Database } from '../../db/client.js';
import { brandIdsOwnedBy } from '../brands/index.js';

export async function ownedBrandIds(db: Database, userId: number): Promise<number[]> {
  return brandIdsOwnedBy(db, userId);
}
