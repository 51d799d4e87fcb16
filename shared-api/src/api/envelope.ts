/**
 * The one reader of reply envelopes. The server sends every reply in the envelope its contract
 * schema names (`{brands}`, `{data: {products, count}}`, a bare array...), and endpoints ask here
 * for the payload by its key. Older servers answered the same calls under `data`, `data.data` or
 * bare, which the client still accepts; that tolerance lives in this file and nowhere else, and
 * the payload itself is taken as the contract types it (no re-spelling, no string numbers).
 */

type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a payload named `key` may sit, most specific first; [] is the reply itself. */
const placesOf = (key: string): ReadonlyArray<readonly string[]> => [
  [key],
  ['data', key],
  ['data', 'data', key],
  ['data', 'data'],
  ['data'],
  [],
];

function at(reply: unknown, path: readonly string[]): unknown {
  let node = reply;
  for (const step of path) node = isRecord(node) ? node[step] : undefined;
  return node;
}

/** The list named `key` (`{key: [...]}`, under `data`, or a bare array); [] when absent. */
export function listIn<T>(reply: unknown, key: string): T[] {
  for (const path of placesOf(key)) {
    const found = at(reply, path);
    if (Array.isArray(found)) return found as T[];
  }
  return [];
}

/** The record named `key` (`{key: {...}}`, under `data`, or the reply itself); null if none. */
export function recordIn<T>(reply: unknown, key: string): T | null {
  for (const path of placesOf(key)) {
    const found = at(reply, path);
    if (isRecord(found) && 'id' in found) return found as T;
  }
  return null;
}

/** A scalar field named `key` beside the payload (e.g. a list's `count`). */
export function fieldIn<T extends string | number | boolean>(
  reply: unknown,
  key: string,
): T | undefined {
  for (const path of placesOf(key).slice(0, 3)) {
    const found = at(reply, path);
    if (found !== undefined && found !== null && !isRecord(found)) return found as T;
  }
  return undefined;
}

/** The human sentence of a reply: `message`, else `detail`. */
export function messageIn(reply: unknown): string | undefined {
  const message = fieldIn<string>(reply, 'message') ?? fieldIn<string>(reply, 'detail');
  return typeof message === 'string' ? message : undefined;
}

/** Replies that carry a fresh access token: servers spell it `access` or `token`. */
export interface TokenReply {
  access?: string;
  token?: string;
}

/** The access token of a reply (`access`, else `token`), or null when it carries none. */
export function tokenFromReply(reply: unknown): string | null {
  const access = fieldIn<string>(reply, 'access');
  if (typeof access === 'string' && access) return access;
  const token = fieldIn<string>(reply, 'token');
  return typeof token === 'string' && token ? token : null;
}
