// DATABASE_READ_URL: statistics and pure-read lists come from the read handle, writes and the
// lists a caller reads right after their own write from the primary. On PostgreSQL
// (TEST_DATABASE_URL) the "replica" is a second database copied from the primary, which then
// stops following it: whatever a route answers from it cannot have come from the primary.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../lib/sql.js';
import {
  brandWorld,
  buildTestApp,
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type TestDatabase,
} from '../test/helpers.js';
import { openDatabase, type Database } from './client.js';

describe('read handle', () => {
  it('without DATABASE_READ_URL the read handle is the primary', async () => {
    const handle = await openDatabase({});
    try {
      assert.equal(handle.readDb, handle.db);
    } finally {
      await handle.close();
    }
  });

  it('a replica that cannot be queried stops the start with an error naming DATABASE_READ_URL', async () => {
    await assert.rejects(
      openDatabase({
        databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
        readUrl: 'postgres://postgres@127.0.0.1:1/none',
      }),
      /^Error: DATABASE_READ_URL: cannot query the read replica \(/,
    );
    await assert.rejects(
      openDatabase({ readUrl: 'postgres://postgres@127.0.0.1:1/none' }),
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe('read replica on PostgreSQL', { skip: !baseUrl && 'needs TEST_DATABASE_URL' }, () => {
  const created: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  after(async () => {
    for (const name of created) await admin(`drop database if exists ${name} with (force)`);
  });

  it('statistics read the replica; clicks, conversions and campaigns are written to the primary, whose lists show them at once', async () => {
    const primary = `test_${randomBytes(6).toString('hex')}`;
    const replica = `${primary}_replica`;
    await admin(`create database ${primary}`);
    created.push(primary, replica);

    // The world (users, brand, campaign, joined advocate) on the primary alone…
    const setup = await openDatabase({ databaseUrl: urlOf(primary) });
    await setup.migrate();
    const setupDb: TestDatabase = {
      handle: setup,
      truncate: async () => {},
      dispose: () => setup.close(),
    };
    const first = await buildTestApp(setupDb);
    const w = await brandWorld(first, setupDb);
    const product = await createProductAs(first, w.owner, w.brandId);
    const campaign = await createCampaignAs(first, w.owner, w.brandId, { product_ids: [product] });
    const code = (await joinAs(first, w.advocate, campaign)).get(product)!;
    const key = await callApi(first, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, {
      kind: 'secret',
    });
    const secret: string = key.json().secret;
    await first.app.close();
    await setup.close();
    // …then copied: the replica knows the same accounts and brand, and nothing written after.
    await admin(`create database ${replica} template ${primary}`);

    const handle = await openDatabase({ databaseUrl: urlOf(primary), readUrl: urlOf(replica) });
    const db: TestDatabase = { handle, truncate: async () => {}, dispose: () => handle.close() };
    const t = await buildTestApp(db, {
      databaseUrl: urlOf(primary),
      databaseReadUrl: urlOf(replica),
    });
    try {
      assert.notEqual(t.app.deps.readDb, t.app.deps.db);
      for (const ip of ['10.0.0.1', '10.0.0.2'])
        await t.app.inject({
          method: 'GET',
          url: `/r/${code}`,
          headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
          remoteAddress: ip,
        });
      const sale = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sdk-log-conversion/',
        headers: { authorization: `Bearer ${secret}` },
        payload: { conversionRef: 'o1', via: code, value: 20 },
      });
      assert.equal(sale.statusCode, 201, sale.body);
      await t.app.deps.clicks.flush();

      const count = async (d: Database, table: string) =>
        (await rowsOf<{ n: number }>(d, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
      // Written to the primary only.
      assert.equal(await count(t.app.deps.db, 'clicks'), 2);
      assert.equal(await count(t.app.deps.db, 'conversions'), 1);
      assert.equal(await count(t.app.deps.readDb, 'clicks'), 0);
      assert.equal(await count(t.app.deps.readDb, 'conversions'), 0);

      // Every statistics route answers from the replica: none of it is there.
      const get = async (path: string, who = w.owner) => {
        const res = await callApi(t, 'GET', path, who);
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        return res.json();
      };
      assert.equal((await get(`brand/stats/${w.brandId}/`)).data.engagement.clicks, 0);
      assert.equal((await get('brand/stats/')).data.conversions.count, 0);
      assert.equal((await get('me/stats/', w.advocate)).data.engagement.clicks, 0);
      assert.equal((await get(`campaign/${campaign}/stats/`)).clicks, 0);
      assert.equal((await get(`payments/?brand_id=${w.brandId}`)).count, 0);
      assert.equal((await get(`brands/advocates/?brand_id=${w.brandId}`)).data[0].totals.clicks, 0);
      assert.equal((await get('advocates/performance/', w.advocate)).data.metrics.clicks, 0);
      assert.equal((await get('advocates/conversions/', w.advocate)).count, 0);

      // The same figures once the replica has them (as replication would bring them).
      await t.app.deps.readDb.execute(sql`
        insert into click_rollups (brand_id, advocate_id, grain, bucket, campaign_id, source, clicks, impressions)
        values (${w.brandId}, 0, 'd', '2030-01-01', 0, 'direct', 5, 5),
               (${w.brandId}, ${w.advocate.id}, 'd', '2030-01-01', ${campaign}, 'direct', 5, 5),
               (${w.brandId}, 0, 'h', '2030-01-01 12:00+00', 0, 'direct', 5, 5),
               (${w.brandId}, ${w.advocate.id}, 'h', '2030-01-01 12:00+00', ${campaign}, 'direct', 5, 5)`);
      assert.equal((await get(`brand/stats/${w.brandId}/`)).data.engagement.clicks, 5);
      assert.equal((await get(`campaign/${campaign}/stats/`)).clicks, 5);

      // A write and the list its author reads next stay on the primary: read-your-writes.
      const made = await callApi(t, 'POST', 'campaign/create/', w.owner, {
        brand: w.brandId,
        title: 'Second',
        // A title and a reward: a campaign without both is a draft, which this list leaves out.
        commission_value: 10,
      });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(await count(t.app.deps.readDb, `campaigns where title = 'Second'`), 0);
      const campaigns = await get(`campaign/list/?brand=${w.brandId}`);
      assert.ok(
        JSON.stringify(campaigns).includes('"Second"'),
        'the new campaign is listed at once',
      );
    } finally {
      await t.app.close();
      await handle.close();
    }
  });
});
