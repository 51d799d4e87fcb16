import { ensureBuilt } from '../../scripts/lib/build.mjs';

/** The cluster runs the built server: build it if it is missing or stale (nothing else). */
export default async function globalSetup(): Promise<void> {
  await ensureBuilt({ packages: ['server'] });
}
