import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { AREAS, EXPOSED_APP, type AreaName } from './areas';
import { fetchManifest, readPageManifest, type RemotesManifest } from './manifest';
import { VersionSkewError, assertNoSkew } from './versionSkew';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly area: AreaName,
    cause?: unknown,
  ) {
    super(`The ${AREAS[area].label} remote could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

type AreaModule = { default: ComponentType };
type RequirementsModule = { builtWith?: Record<string, string> };

let manifestPromise: Promise<RemotesManifest> | null = null;
// The page's own copy serves the first loads; once a Retry has dropped it, /remotes.json is
// asked instead, in case a remote was moved since the page was served.
let pageManifestUsable = true;

function manifest(): Promise<RemotesManifest> {
  const fromPage = pageManifestUsable ? readPageManifest() : null;
  // A failed manifest fetch is retried on the next attempt rather than cached.
  manifestPromise ??= fromPage
    ? Promise.resolve(fromPage)
    : fetchManifest().catch((error: unknown) => {
        manifestPromise = null;
        throw error;
      });
  return manifestPromise;
}

// The first load of each area, shared: the start-up preload and the area's own mount both wait
// on it, so the remote is fetched once. A failed load is forgotten (Retry loads fresh anyway).
const firstLoads = new Map<AreaName, Promise<ComponentType>>();

/**
 * Starts loading an area before React gets to it: at start-up the page already knows its area
 * from the URL, so the remote downloads while the session is restored and the layout renders,
 * instead of after. Failures are left for the area's own mount to report.
 */
export function preloadArea(area: AreaName): void {
  loadArea(area).catch(() => undefined);
}

/**
 * Loads an area's route tree from its remote. `fresh` re-registers the remote first, which
 * drops the federation runtime's cached (failed) container so Retry works without a reload.
 */
export function loadArea(area: AreaName, { fresh = false } = {}): Promise<ComponentType> {
  const pending = fresh ? undefined : firstLoads.get(area);
  if (pending) return pending;
  const load = loadAreaNow(area, fresh);
  firstLoads.set(area, load);
  load.catch(() => firstLoads.delete(area));
  return load;
}

async function loadAreaNow(area: AreaName, fresh: boolean): Promise<ComponentType> {
  const { remote } = AREAS[area];
  try {
    if (fresh) {
      manifestPromise = null;
      pageManifestUsable = false;
    }
    const entry = (await manifest())[remote];
    if (!entry) throw new Error(`No entry for ${remote} in the remote manifest`);
    const registered = getInstance()?.options.remotes.some(
      (r) => r.name === remote && 'entry' in r && r.entry === entry,
    );
    if (fresh || !registered)
      registerRemotes([{ name: remote, entry }], { force: fresh || undefined });
    // A remote built before it exposed its requirements is let through: nothing to compare.
    const requirements = await loadRemote<RequirementsModule>(`${remote}/requirements`).catch(
      () => null,
    );
    assertNoSkew(area, requirements?.builtWith);
    const mod = await loadRemote<AreaModule>(`${remote}/${EXPOSED_APP.slice(2)}`);
    if (!mod?.default) throw new Error(`${remote} exposes no default component`);
    return mod.default;
  } catch (error) {
    if (error instanceof VersionSkewError) throw error;
    throw new RemoteUnavailableError(area, error);
  }
}
