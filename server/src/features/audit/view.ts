// Audit entries as the API shows them.
import type { AuditEntry } from 'contract';
import type { AuditActorKind, AuditTarget } from 'contract/teams';

export interface AuditRow {
  id: string | number;
  at: Date | string;
  actor_kind: AuditActorKind;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_kind: AuditTarget;
  target_id: string | null;
  target_label: string | null;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
}

/** jsonb arrives parsed from node-postgres and PGlite alike; text is parsed just in case. */
const json = (value: Record<string, unknown> | string | null) =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
  action: row.action,
  target: { kind: row.target_kind, id: row.target_id, label: row.target_label },
  before: json(row.before),
  after: json(row.after),
});
