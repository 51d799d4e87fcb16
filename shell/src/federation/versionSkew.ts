/**
 * Version skew under federation: the shared packages are singletons served 'loaded-first', so a
 * remote built against a newer shared-api or shared-ui than the page has would silently run the
 * page's older copy. Each remote exposes the versions it was built with ('./requirements'); the
 * shell compares them with its own and refuses to run a remote that needs newer shared code.
 */
import type { AreaName } from './areas';

declare const __SHARED_BUILD__: Record<string, string> | undefined;

/** The shared packages' versions this page provides (the shell's build). */
export const PAGE_SHARED: Readonly<Record<string, string>> =
  typeof __SHARED_BUILD__ === 'undefined' ? {} : __SHARED_BUILD__;

export interface Skew {
  name: string;
  /** What the page provides. */
  page: string;
  /** What the remote was built against. */
  remote: string;
}

const parts = (version: string) => version.split(/[.+-]/, 3).map((part) => Number(part) || 0);

/** Negative when a < b, 0 when equal, positive when a > b (major.minor.patch). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The shared packages the remote needs in a newer version than the page has. */
export function findSkew(
  page: Readonly<Record<string, string>>,
  remote: Readonly<Record<string, string>>,
): Skew[] {
  return Object.entries(remote)
    .filter(([name, version]) => page[name] && compareVersions(version, page[name]) > 0)
    .map(([name, version]) => ({ name, page: page[name], remote: version }));
}

export class VersionSkewError extends Error {
  constructor(
    readonly area: AreaName,
    readonly skew: readonly Skew[],
  ) {
    super(
      `The ${area} remote was built against newer shared code than this page has: ` +
        skew.map((s) => `${s.name} ${s.remote} (page has ${s.page})`).join(', ') +
        '. It is not run; deploy the shell built with these versions.',
    );
    this.name = 'VersionSkewError';
  }
}

/** Throws a VersionSkewError (after logging it) when the remote needs newer shared packages. */
export function assertNoSkew(
  area: AreaName,
  builtWith: Readonly<Record<string, string>> | undefined,
  page: Readonly<Record<string, string>> = PAGE_SHARED,
): void {
  const skew = findSkew(page, builtWith ?? {});
  if (skew.length === 0) return;
  const error = new VersionSkewError(area, skew);
  console.error(error.message);
  throw error;
}
