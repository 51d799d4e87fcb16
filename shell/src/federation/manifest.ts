import { AREAS } from './areas';

/** remote name → URL of its remoteEntry.js, as served by the platform at /remotes.json. */
export type RemotesManifest = Record<string, string>;

export const MANIFEST_URL = '/remotes.json';

/** The JSON data block in which the server writes the manifest into the page it serves. */
export const MANIFEST_ELEMENT_ID = 'remotes-manifest';

/** Known remote names with non-empty string entries; unknown keys are ignored. */
function knownEntries(body: unknown): RemotesManifest {
  if (!body || typeof body !== 'object') throw new Error('Remote manifest is not an object');
  const known = new Set(Object.values(AREAS).map((area) => area.remote));
  const manifest: RemotesManifest = {};
  for (const [name, entry] of Object.entries(body as Record<string, unknown>)) {
    if (known.has(name) && typeof entry === 'string' && entry.length > 0) manifest[name] = entry;
  }
  return manifest;
}

/**
 * The manifest the server wrote into this page, which spares a round trip before the first area
 * can load; null when the page has none (the development server's page) or it is unreadable.
 */
export function readPageManifest(doc: Document = document): RemotesManifest | null {
  const text = doc.getElementById(MANIFEST_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return knownEntries(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Reads where each remote lives at start-up, so a remote can be moved to another
 * deployment without rebuilding the shell. Unknown keys are ignored; a remote missing from
 * the manifest simply shows as unavailable.
 */
export async function fetchManifest(fetchFn: typeof fetch = fetch): Promise<RemotesManifest> {
  const response = await fetchFn(MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Remote manifest answered ${response.status}`);
  return knownEntries(await response.json());
}
