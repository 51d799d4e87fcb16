// The vacuum job's statement marks the joins' pages all-visible, which is what lets the
// statistics' index-only scans skip the heap (on PGlite nothing else would).
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
import { vacuumStatisticsTables } from './vacuum.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const allVisiblePages = async () => {
  const [row] = await rowsOf<{ pages: number }>(
    db.handle.db,
    sql`select relallvisible as pages from pg_class where relname = 'campaign_joins'`,
  );
  return Number(row?.pages ?? 0);
};

describe('PGlite vacuum job', () => {
  it("marks the campaign joins' pages all-visible", async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    await joinAs(t, w.advocate, campaign);
    assert.equal(await allVisiblePages(), 0, 'a freshly written table has no all-visible page');
    await vacuumStatisticsTables(db.handle.db);
    assert.ok((await allVisiblePages()) > 0);
  });
});
