// Which server instance this is, the same across its restarts: a random id kept in
// DATA_DIR/instance-id (every instance has its own DATA_DIR: its click journal lives there).
// Work an instance claims in the shared database carries it, so the instance, started again
// after a crash, takes back what its previous run left claimed at once instead of waiting for
// the claims to expire.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const known = new Map<string, string>();

export function instanceId(dataDir: string): string {
  const cached = known.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, 'instance-id');
  let id = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!/^[0-9a-f]{16,64}$/.test(id)) {
    id = randomBytes(12).toString('hex');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${id}\n`);
  }
  known.set(dataDir, id);
  return id;
}
