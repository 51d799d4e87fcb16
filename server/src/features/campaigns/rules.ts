// Campaign rules that span fields or need the database, applied after the schema and shared by
// create and update (an update is checked as the campaign it would produce).
import { LIMITS } from 'contract';
import type { Database } from '../../db/client.js';
import type { CommissionType, EventRewardRules } from '../../db/schema.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { brandProductIds } from '../products/index.js';

/** A percentage reward above LIMITS.percentageRewardMax (100) would pay more than the sale. */
const percentageTooHigh = (type: CommissionType, value: number) =>
  type === 'percentage' && value > LIMITS.percentageRewardMax;
const PERCENTAGE_TOO_HIGH = `must be at most ${LIMITS.percentageRewardMax} for a percentage`;

export function checkReward(type: CommissionType, value: number): void {
  if (percentageTooHigh(type, value)) throw fieldError('commission_value', PERCENTAGE_TOO_HIGH);
}

/** Each event type's rule, as checkReward checks the campaign's (a 400 naming the event type). */
export function checkEventRewards(rules: EventRewardRules | null | undefined): void {
  for (const [eventType, rule] of Object.entries(rules ?? {})) {
    if (percentageTooHigh(rule.commission_type, rule.commission_value))
      throw fieldError(`event_rewards.${eventType}.commission_value`, PERCENTAGE_TOO_HIGH);
  }
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

/**
 * What a campaign lacks before advocates may find and join it: a title and a reward (a rule
 * paying something, for every event or for one event type). Null when it has both. The form
 * requires no field, so an empty form still saves, as a draft.
 */
export function missingToPublish(campaign: {
  title: string | null | undefined;
  commissionValue: number;
  eventRewards: EventRewardRules | null | undefined;
}): string | null {
  const titled = (campaign.title ?? '').trim() !== '';
  const rewarded =
    campaign.commissionValue > 0 ||
    Object.values(campaign.eventRewards ?? {}).some((rule) => rule.commission_value > 0);
  if (titled && rewarded) return null;
  return titled ? 'a reward' : rewarded ? 'a title' : 'a title and a reward';
}

/** The notice of a campaign saved as a draft because it lacks `missing`. */
export const draftNotice = (missing: string) =>
  `Saved as a draft (inactive): add ${missing} to publish it. Advocates cannot find or join it until then.`;

/** Why a campaign cannot be joined yet, or null when it can. */
export const DRAFT_NOT_JOINABLE = 'This campaign is a draft: it needs a title and a reward first';
