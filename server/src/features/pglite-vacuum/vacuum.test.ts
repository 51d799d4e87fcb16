// The vacuum job's statement marks the joins' and the outbox's pages all-visible, which is what
// lets the statistics' index-only scans skip the heap and clears the outbox's dead index entries
// (on PGlite nothing else would).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql.js';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { vacuumTables } from './vacuum.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const allVisiblePages = async (table: string) => {
  const [row] = await rowsOf<{ pages: number }>(
    db.handle.db,
    sql`select relallvisible as pages from pg_class where relname = ${table}`,
  );
  return Number(row?.pages ?? 0);
};

describe('PGlite vacuum job', () => {
  it("marks the campaign joins' and the outbox's pages all-visible", async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    // A join writes its row and its advocate.joined event.
    await joinAs(t, w.advocate, campaign);
    for (const table of ['campaign_joins', 'events'])
      assert.equal(
        await allVisiblePages(table),
        0,
        `a freshly written ${table} has no all-visible page`,
      );
    await vacuumTables(db.handle.db);
    for (const table of ['campaign_joins', 'events'])
      assert.ok((await allVisiblePages(table)) > 0, table);
  });
});
