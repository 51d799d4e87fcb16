// The migrations' last drizzle snapshot must describe src/db/schema.ts. drizzle-kit writes the
// next migration as the difference between the two, so a hand-written migration without its
// snapshot makes `npm run db:generate` emit statements that re-apply what already ran.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { migrationsFolder } from './migrate.js';

const serverFolder = path.dirname(migrationsFolder);
const sqlFiles = async (folder: string) =>
  (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();

describe('drizzle snapshots', () => {
  let copy = '';
  after(() => (copy ? rm(copy, { recursive: true, force: true }) : undefined));

  it('db:generate finds nothing to migrate: the last snapshot is the schema', async () => {
    // drizzle-kit takes the output folder relative to the working directory, so the copy lives
    // inside server/ (its name is ignored by git as a data folder).
    copy = await mkdtemp(path.join(serverFolder, '.data-snapshot-check-'));
    await cp(migrationsFolder, copy, { recursive: true });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--conditions=source',
        'scripts/drizzle-kit.mjs',
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/db/schema.ts',
        '--out',
        path.relative(serverFolder, copy),
      ],
      { cwd: serverFolder },
    );
    assert.match(stdout, /No schema changes/);
    assert.deepEqual(await sqlFiles(copy), await sqlFiles(migrationsFolder));
  });
});
