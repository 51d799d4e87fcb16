import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uploads, type UploadRow } from '../../db/schema.js';
import type { StoredFile } from './storage.js';

export async function insertUpload(
  db: Database,
  file: StoredFile,
  uploadedBy: number,
  at: Date,
): Promise<void> {
  await db.insert(uploads).values({
    name: file.name,
    contentType: file.type.mime,
    size: file.size,
    uploadedBy,
    createdAt: at,
  });
}

export async function findUpload(db: Database, name: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row;
}
