// Which brands a user may manage (SPEC 3: brand_ids). Brand ownership belongs to the brands
// feature, whose migration adds the brands table; until then nobody owns a brand. Keeping the
// lookup here, behind one function, is what lets that feature plug in without touching callers.
import type { Database } from '../../db/client.js';

export async function ownedBrandIds(_db: Database, _userId: number): Promise<number[]> {
  return [];
}
