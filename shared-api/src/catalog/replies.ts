/**
 * Tolerant readers for the reply shapes SPEC 7 lists. The server has answered the same call in
 * more than one envelope over time (`{brands}`, `{data: {products}}`, a bare array, ...); the
 * readers accept each of them so a screen never depends on which one it gets.
 */

export type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at the first path that holds one, e.g. `pick(reply, ['data', 'products'], ['products'])`. */
export function pick(reply: unknown, ...paths: ReadonlyArray<readonly string[]>): unknown {
  for (const path of paths) {
    let node: unknown = reply;
    for (const key of path) node = isRecord(node) ? node[key] : undefined;
    if (node !== undefined && node !== null) return node;
  }
  return undefined;
}

/** The first array among the paths; a bare array reply is the empty path. */
export function listAt<T>(reply: unknown, ...paths: ReadonlyArray<readonly string[]>): T[] {
  for (const path of paths) {
    const found = pick(reply, path);
    if (Array.isArray(found)) return found as T[];
  }
  return [];
}

/** The first object among the paths that looks like an entity (has an id). */
export function entityAt<T>(reply: unknown, ...paths: ReadonlyArray<readonly string[]>): T | null {
  for (const path of paths) {
    const found = pick(reply, path);
    if (isRecord(found) && 'id' in found) return found as T;
  }
  return null;
}

/** Money and counts may arrive as decimal strings (PostgreSQL numerics); null stays null. */
export function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function messageOf(reply: unknown): string | undefined {
  const message = pick(reply, ['message'], ['detail']);
  return typeof message === 'string' ? message : undefined;
}
