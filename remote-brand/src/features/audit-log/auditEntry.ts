// How an audit entry reads on screen and in the exported file.
import type { AuditEntry } from 'contract';
import type { AuditTarget } from 'contract/teams';
import { formatDateTime, formatMoney, type ExportColumn } from 'shared-ui';

export const TARGET_LABELS: Record<AuditTarget, string> = {
  brand: 'Brand',
  campaign: 'Campaign',
  product: 'Product',
  reward_rule: 'Reward rule',
  review: 'Review decision',
  payout: 'Payout',
  payout_settings: 'Payout settings',
  member: 'Member',
  api_key: 'API key',
  webhook: 'Webhook',
  integration: 'Integration',
  refund: 'Refund',
  advocate: 'Advocate',
  group: 'Group',
  application: 'Application',
  access: 'Access',
};

/** An entry's time in the browser's zone, in the product's one style: 'Nov 26, 2026, 2:05 PM'. */
export const formatWhen = (iso: string): string => formatDateTime(iso);

/** 'payout.created' → 'Payout created'. */
export function actionLabel(action: string): string {
  const [kind, verb = ''] = action.split('.');
  const target = TARGET_LABELS[kind as AuditTarget] ?? kind;
  return `${target} ${verb.replace(/_/g, ' ')}`.trim();
}

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The fields the server records as amounts of the entry's `currency` (rewards, payouts, prices, refunds). */
const MONEY_FIELDS = new Set(['amount', 'reward', 'price', 'clawback']);

/**
 * 'status: pending, amount: $6.00' for a before or after; '' when there is none. Amounts are
 * written in their currency, which then is not repeated as a field of its own.
 */
export function fieldsText(fields: Record<string, unknown> | null): string {
  if (!fields) return '';
  const currency = typeof fields.currency === 'string' ? fields.currency : undefined;
  const isMoney = (key: string, value: unknown): value is number =>
    currency !== undefined && MONEY_FIELDS.has(key) && typeof value === 'number';
  const amounts = Object.entries(fields).some(([key, value]) => isMoney(key, value));
  return Object.entries(fields)
    .filter(([key]) => !(amounts && key === 'currency'))
    .map(
      ([key, value]) =>
        `${key.replace(/_/g, ' ')}: ${isMoney(key, value) ? formatMoney(value, currency) : show(value)}`,
    )
    .join(', ');
}

export const whoText = (entry: AuditEntry): string =>
  entry.actor.kind === 'user' ? entry.actor.name : `${entry.actor.name} (API key)`;

export const targetText = (entry: AuditEntry): string =>
  [TARGET_LABELS[entry.target.kind] ?? entry.target.kind, entry.target.label ?? entry.target.id]
    .filter(Boolean)
    .join(' · ');

export const AUDIT_EXPORT_COLUMNS: readonly ExportColumn<AuditEntry>[] = [
  { header: 'When', value: (e) => e.at },
  { header: 'Who', value: (e) => e.actor.name },
  { header: 'Who kind', value: (e) => e.actor.kind },
  { header: 'Action', value: (e) => e.action },
  { header: 'Target', value: (e) => targetText(e) },
  { header: 'Before', value: (e) => (e.before ? JSON.stringify(e.before) : '') },
  { header: 'After', value: (e) => (e.after ? JSON.stringify(e.after) : '') },
];
