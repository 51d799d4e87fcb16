import { ensureBuilt } from '../scripts/lib/build.mjs';

/** Builds the product once before any test starts it. */
export default async function globalSetup(): Promise<void> {
  await ensureBuilt();
}
