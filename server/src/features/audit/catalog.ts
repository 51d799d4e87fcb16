// Audit entries for a brand's catalog: campaigns (with their reward rules) and products. Each
// function reads the row as it stands in the caller's transaction, so `before` is read before
// the change and `after` after it, both under the change's locks.
import { sql } from 'drizzle-orm';
import type { AuditTarget } from 'contract/teams';
import { rowsOf, type Tx } from '../../lib/sql.js';
import { changedFields, recordAudit, type AuditActor } from './record.js';

/** The reward rule and money fields of a campaign: a change to any is a reward-rule change. */
const RULE_FIELDS = [
  'commission_type',
  'commission_value',
  'event_rewards',
  'recurring_months',
  'budget_limit',
] as const;

type Fields = Record<string, unknown>;

/** A campaign's audited fields (numbers as numbers), or undefined when there is no such row. */
export async function campaignFields(tx: Tx, id: number): Promise<Fields | undefined> {
  const [row] = await rowsOf<Fields & { brand_id: number }>(
    tx,
    sql`select brand_id, title, status, commission_type, commission_value::float8 as commission_value,
        to_jsonb(c) -> 'event_rewards' as event_rewards, to_jsonb(c) -> 'recurring_months' as recurring_months,
        budget_limit::float8 as budget_limit, deleted_at is not null as deleted
      from campaigns c where id = ${id}::integer for update`,
  );
  return row;
}

/** A product's audited fields. */
export async function productFields(tx: Tx, id: number): Promise<Fields | undefined> {
  const [row] = await rowsOf<Fields & { brand_id: number }>(
    tx,
    sql`select brand_id, name, price::float8 as price, currency, status, deleted_at is not null as deleted
      from products where id = ${id}::integer for update`,
  );
  return row;
}

const withoutBrand = ({ brand_id: _brand, deleted: _deleted, ...fields }: Fields) => fields;

/**
 * The recorder of a catalog row's changes: given the row's id and its fields `before` the change
 * (undefined: it was created), it reads the row now and records a `<kind>.created`, a
 * `<kind>.deleted`, or the update `updated` names from the changed fields; an update changing
 * nothing records nothing.
 */
const catalogRecorder =
  (
    kind: 'campaign' | 'product',
    fieldsOf: (tx: Tx, id: number) => Promise<Fields | undefined>,
    labelField: string,
    updated: (changedKeys: string[]) => { action: string; kind: AuditTarget },
  ) =>
  async (
    tx: Tx,
    actor: AuditActor,
    id: number,
    before: Fields | undefined,
    at: Date,
  ): Promise<void> => {
    const now = await fieldsOf(tx, id);
    if (!now) return;
    const brandId = Number(now.brand_id);
    const label = typeof now[labelField] === 'string' ? now[labelField] : null;
    const record = (
      action: string,
      target: AuditTarget,
      change: { before?: Fields; after?: Fields },
    ) =>
      recordAudit(tx, actor, {
        brandId,
        action,
        target: { kind: target, id, label },
        ...change,
        at,
      });
    if (!before) return record(`${kind}.created`, kind, { after: withoutBrand(now) });
    if (now.deleted && !before.deleted)
      return record(`${kind}.deleted`, kind, { before: withoutBrand(before) });
    const change = changedFields(withoutBrand(before), withoutBrand(now));
    if (!change) return;
    const named = updated(Object.keys(change.after));
    await record(named.action, named.kind, change);
  };

/**
 * Records the change of campaign `id` from `before` (undefined: it was created) to its row now.
 * An update touching a reward rule or money field is a `reward_rule.updated`; other updates a
 * `campaign.updated`; an update changing nothing records nothing.
 */
export const recordCampaignAudit = catalogRecorder('campaign', campaignFields, 'title', (keys) =>
  keys.some((key) => (RULE_FIELDS as readonly string[]).includes(key))
    ? { action: 'reward_rule.updated', kind: 'reward_rule' }
    : { action: 'campaign.updated', kind: 'campaign' },
);

/** As recordCampaignAudit, for product `id`. */
export const recordProductAudit = catalogRecorder('product', productFields, 'name', () => ({
  action: 'product.updated',
  kind: 'product',
}));
