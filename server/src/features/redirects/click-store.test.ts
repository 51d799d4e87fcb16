// Storing click batches on the test database's driver (binary COPY on both; INSERT for a retried
// batch whose first write was stored).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asc } from 'drizzle-orm';
import { clicks } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { decodeClicks, encodeClicks } from './click-codec.js';
import { writeClicks, type Click } from './click-store.js';

const click = (n: number, overrides: Partial<Click> = {}): Click => ({
  clickId: `0000000000click-${n}`,
  createdAt: new Date(Date.UTC(2030, 0, 1, 12, 0, n)),
  linkId: 7,
  campaignId: 3,
  productId: null,
  advocateId: 5,
  brandId: 2,
  source: 'others',
  referrerHost: 'blog.example',
  device: 'mobile',
  visitorHash: `visitor-${n}`,
  ...overrides,
});

const stored = (db: TestDatabase) =>
  db.handle.db.select().from(clicks).orderBy(asc(clicks.createdAt));

describe('click store', () => {
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.dispose());
  beforeEach(() => db.truncate());

  it('stores every field of a batch as it was recorded', async () => {
    const batch = [click(1), click(2, { referrerHost: null, productId: 11, source: 'direct' })];
    await writeClicks(db.handle, batch);
    assert.deepEqual(await stored(db), batch);
  });

  it('keeps text with tabs, backslashes, line breaks and non-ASCII characters intact', async () => {
    const odd = click(3, { referrerHost: 'a\tb\\c\nd\re.bücher.example' });
    assert.deepEqual(decodeClicks(encodeClicks([odd])), [odd], 'the journal reads back what it wrote');
    await writeClicks(db.handle, [odd]);
    assert.equal((await stored(db))[0]?.referrerHost, 'a\tb\\c\nd\re.bücher.example');
  });

  it('a retried batch whose first write was stored adds only the clicks that are new', async () => {
    await writeClicks(db.handle, [click(1), click(2)]);
    await writeClicks(db.handle, [click(1), click(2), click(3)]);
    assert.deepEqual(
      (await stored(db)).map((c) => c.clickId),
      [click(1).clickId, click(2).clickId, click(3).clickId],
    );
  });
});
