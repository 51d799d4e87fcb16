import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { AREAS, EXPOSED_APP, type AreaName } from './areas';
import { fetchManifest, type RemotesManifest } from './manifest';
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

function manifest(): Promise<RemotesManifest> {
  // A failed manifest fetch is retried on the next attempt rather than cached.
  manifestPromise ??= fetchManifest().catch((error: unknown) => {
    manifestPromise = null;
    throw error;
  });
  return manifestPromise;
}

/**
 * Loads an area's route tree from its remote. `fresh` re-registers the remote first, which
 * drops the federation runtime's cached (failed) container so Retry works without a reload.
 */
export async function loadArea(area: AreaName, { fresh = false } = {}): Promise<ComponentType> {
  const { remote } = AREAS[area];
  try {
    if (fresh) manifestPromise = null;
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
