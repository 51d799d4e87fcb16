// Writing the audit log. Every function takes the transaction of the change it records, so an
// entry commits with the change or not at all (a rolled-back change leaves none). Entries are
// never changed or removed: the table refuses UPDATE and DELETE (migration 0017).
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditActorKind, AuditTarget } from 'contract/teams';
import type { Tx } from '../../lib/sql.js';
import { visitorHasher } from '../../lib/visitor-hash.js';

/** Who made a change, as the entry names them. */
export interface AuditActor {
  kind: AuditActorKind;
  /** The user's id, or the API key's. */
  id: number | null;
  /** The user's name (or username), or the API key's prefix, as it was at the time. */
  name: string;
  /** The request's address, keyed-hashed as the click visitor hash is. */
  ipHash: string | null;
}

export interface AuditChange {
  brandId: number;
  /** '<target kind>.<verb>', e.g. 'campaign.updated', 'review.approved'. */
  action: string;
  target: { kind: AuditTarget; id: number | string | null; label?: string | null };
  /** The rule and money fields as they were and became (null for a creation / removal). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

let hasher: { secret: string; hash: (ip: string, ua: string | undefined) => string } | undefined;

/** The keyed hash of an address, with the visitor hash's key and function (no user agent). */
export function hashAddress(secret: string, ip: string): string {
  if (hasher?.secret !== secret) hasher = { secret, hash: visitorHasher(secret) };
  return hasher.hash(ip, undefined);
}

/** The signed-in user of `request` as an actor. */
export function userActor(request: FastifyRequest): AuditActor {
  const me = request.principal;
  if (!me) throw new Error('userActor: the request is not authenticated');
  const fullName = `${me.user.firstName} ${me.user.lastName}`.trim();
  return {
    kind: 'user',
    id: me.userId,
    name: fullName || me.user.username,
    ipHash: hashAddress(request.server.deps.config.jwtSecret, request.ip),
  };
}

/** An API key (reporting conversions or refunds) as an actor. */
export function apiKeyActor(
  request: FastifyRequest,
  key: { id: number; prefix: string },
): AuditActor {
  return {
    kind: 'api_key',
    id: key.id,
    name: `API key ${key.prefix}…`,
    ipHash: hashAddress(request.server.deps.config.jwtSecret, request.ip),
  };
}

/**
 * An integration acting on its own (Stripe's webhook reporting a refund) as an actor: the system,
 * named after the integration; no user, key or address is behind it.
 */
export function integrationActor(name: string): AuditActor {
  return { kind: 'system', id: null, name, ipHash: null };
}

/**
 * Writes one entry in `tx`, the transaction of the change. With `unlessWithinMs`, only when the
 * same actor has no entry of the same action and target label on the brand within that time
 * before `at` (denied attempts: one entry per actor, route and brand per window).
 */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  change: AuditChange,
  unlessWithinMs?: number,
): Promise<void> {
  const json = (value: Record<string, unknown> | null | undefined) =>
    value == null ? null : JSON.stringify(value);
  const at = change.at.toISOString();
  const label = change.target.label?.slice(0, 255) ?? null;
  const unlessRecent =
    unlessWithinMs === undefined
      ? sql``
      : sql`where not exists (select 1 from audit_log
          where brand_id = ${change.brandId}::integer and action = ${change.action}
            and actor_kind = ${actor.kind} and actor_id is not distinct from ${actor.id}::integer
            and target_label is not distinct from ${label}::varchar
            and at > ${new Date(change.at.getTime() - unlessWithinMs).toISOString()}::timestamptz)`;
  await tx.execute(sql`
    insert into audit_log (brand_id, at, actor_kind, actor_id, actor_name, action, target_kind,
      target_id, target_label, before, after, ip_hash)
    select ${change.brandId}::integer, ${at}::timestamptz, ${actor.kind},
      ${actor.id}::integer, ${actor.name.slice(0, 255)}, ${change.action}, ${change.target.kind},
      ${change.target.id === null ? null : String(change.target.id)},
      ${label}::varchar, ${json(change.before)}::jsonb, ${json(change.after)}::jsonb, ${actor.ipHash}
    ${unlessRecent}`);
}

/** The fields of `after` whose values differ from `before` (both sides), for an update. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (keys.length === 0) return undefined;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
