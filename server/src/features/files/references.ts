// Which rows refer to an upload. Read from the schema's foreign keys to uploads.name rather than
// listed by hand, so a column added later (a product image, a brand logo) keeps its file from
// being released or swept without anyone remembering this file.
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.js';

/** Every column holding an upload's name, with its table: brands.cac_file, campaigns.video, … */
export const UPLOAD_REFERENCES: ReadonlyArray<{ table: PgTable; column: PgColumn }> = (
  Object.values(schema) as unknown[]
)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) =>
    getTableConfig(table)
      .foreignKeys.map((foreignKey) => foreignKey.reference())
      .filter((reference) => reference.foreignTable === schema.uploads)
      .map((reference) => ({ table, column: reference.columns[0] })),
  );

/** True for an uploads row that some row still refers to (use inside a query on uploads). */
export const isReferenced: SQL = sql`(${sql.join(
  UPLOAD_REFERENCES.map(
    ({ table, column }) =>
      sql`exists (select 1 from ${table} where ${column} = ${schema.uploads.name})`,
  ),
  sql` or `,
)})`;
