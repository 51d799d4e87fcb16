// Campaign rules that span fields or need the database, applied after the schema and shared by
// create and update (an update is checked as the campaign it would produce).
import type { Database } from '../../db/client.js';
import type { CommissionType } from '../../db/schema.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { brandProductIds } from '../products/index.js';

/** A percentage reward above 100 would pay more than the sale. */
export function checkReward(type: CommissionType, value: number): void {
  if (type === 'percentage' && value > 100)
    throw fieldError('commission_value', 'must be at most 100 for a percentage');
}

/** `ids` without duplicates, when every one is a live product of the brand; 400 naming the others. */
export async function checkBrandProducts(
  db: Database,
  brandId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await brandProductIds(db, brandId, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const message = `Not products of this brand: ${missing.join(', ')}`;
    throw new HttpError(400, `product_ids: ${message}`, { product_ids: [message] });
  }
  return unique;
}
