import { AREAS } from './areas';

/** remote name → URL of its remoteEntry.js, as served by the platform at /remotes.json. */
export type RemotesManifest = Record<string, string>;

export const MANIFEST_URL = '/remotes.json';

/**
 * Reads where each remote lives at start-up, so a remote can be moved to another
 * deployment without rebuilding the shell. Unknown keys are ignored; a remote missing from
 * the manifest simply shows as unavailable.
 */
export async function fetchManifest(fetchFn: typeof fetch = fetch): Promise<RemotesManifest> {
  const response = await fetchFn(MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Remote manifest answered ${response.status}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== 'object') throw new Error('Remote manifest is not an object');
  const known = new Set(Object.values(AREAS).map((area) => area.remote));
  const manifest: RemotesManifest = {};
  for (const [name, entry] of Object.entries(body as Record<string, unknown>)) {
    if (known.has(name) && typeof entry === 'string' && entry.length > 0) manifest[name] = entry;
  }
  return manifest;
}
