// Editing a brand (issue 36): its details, program page slug, logo and application questions, in
// one transaction with the audit entry (the fields as they were and became) and the outbox event.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { BrandRow } from '../../db/schema.js';
import { fieldError } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { rowsOf } from '../../lib/sql.js';
import { changedFields, recordAudit, type AuditActor } from '../audit/index.js';
import { findBrand } from '../access/index.js';
import { insertUpload, settleUploads, type StoredFile } from '../files/index.js';
import type { BrandUpdate } from 'contract';

export const SLUG_TAKEN = 'is already the address of another brand’s program page';

/** The database columns of the update's fields (the logo is handled apart). */
const COLUMNS = {
  brand_name: 'brand_name',
  brand_type: 'brand_type',
  brand_size: 'brand_size',
  phone_no: 'phone_no',
  website_url: 'website_url',
  instagram_url: 'instagram_url',
  discord_url: 'discord_url',
  X_url: 'x_url',
  description: 'description',
  slug: 'slug',
  application_questions: 'application_questions',
} as const satisfies Record<Exclude<keyof BrandUpdate, 'logo'>, string>;

type Fields = Record<string, unknown>;

const fieldsOf = async (tx: Database, id: number): Promise<Fields> => {
  const [row] = await rowsOf<Fields>(
    tx,
    sql`select brand_name, brand_type, brand_size, phone_no, website_url, instagram_url,
        discord_url, x_url as "X_url", description, slug, application_questions, logo
      from brands where id = ${id}::integer for update`,
  );
  return row;
};

export interface BrandEdit {
  id: number;
  values: BrandUpdate;
  /** A new logo (kept by the upload store), or undefined to leave it; values.logo null removes it. */
  logo: StoredFile | undefined;
  audit: AuditActor;
  at: Date;
}

/** Applies the edit; returns the files no longer referred to (the replaced logo). */
export async function updateBrand(db: Database, edit: BrandEdit): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      const before = await fieldsOf(tx, edit.id);
      const sets = Object.entries(COLUMNS)
        .filter(([field]) => edit.values[field as keyof typeof COLUMNS] !== undefined)
        .map(([field, column]) => {
          const value = edit.values[field as keyof typeof COLUMNS];
          return field === 'application_questions'
            ? sql`${sql.identifier(column)} = ${JSON.stringify(value)}::jsonb`
            : sql`${sql.identifier(column)} = ${value ?? null}`;
        });
      if (edit.logo) await insertUpload(tx, edit.logo, edit.at);
      const replacing = edit.logo !== undefined || edit.values.logo === null;
      if (replacing) sets.push(sql`logo = ${edit.logo?.name ?? null}`);
      if (sets.length > 0)
        await tx.execute(
          sql`update brands set ${sql.join(sets, sql`, `)} where id = ${edit.id}::integer`,
        );
      const after = await fieldsOf(tx, edit.id);
      // The logo is named by its (random) file name: say that it changed, not the name.
      const changes = changedFields(
        { ...before, logo: before.logo ? 'set' : null },
        { ...after, logo: after.logo === before.logo ? (before.logo ? 'set' : null) : after.logo ? 'replaced' : null },
      );
      if (changes) {
        const label = String(after.brand_name);
        await recordAudit(tx, edit.audit, {
          brandId: edit.id,
          action: 'brand.updated',
          target: { kind: 'brand', id: edit.id, label },
          before: changes.before,
          after: changes.after,
          at: edit.at,
        });
        await tx.execute(sql`
          insert into events (type, brand_id, advocate_id, data, created_at)
          values ('brand.updated', ${edit.id}::integer, null, jsonb_build_object(
            'brand_id', ${edit.id}::integer, 'brand_name', ${label}::text,
            'slug', ${(after.slug as string | null) ?? null}::text,
            'changed', ${JSON.stringify(Object.keys(changes.after))}::jsonb),
            ${edit.at.toISOString()}::timestamptz)`);
      }
      return settleUploads(tx, {
        added: edit.logo,
        replaced: replacing && before.logo ? [String(before.logo)] : [],
      });
    });
  } catch (err) {
    // Two brands asking for one address at once: the unique index decides.
    if (isUniqueViolation(err)) throw fieldError('slug', SLUG_TAKEN, `slug: ${SLUG_TAKEN}`);
    throw err;
  }
}

/** The brand after the edit. */
export const reloadBrand = (db: Database, id: number): Promise<BrandRow | undefined> =>
  findBrand(db, id);
