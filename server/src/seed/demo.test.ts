// The demo data a first `npm start` writes: the demo accounts, ninety days of activity for the
// demo brand, and rewards that follow the ledger's rules like any real sale (pending until the
// hold period ends, then approved by the hold job).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  ApplicationsReply,
  GroupsReply,
  MyGroupReply,
  PerformanceReply,
  ProgramPageReply,
  ReviewSummary,
  StatsReply,
} from 'contract';
import { sql } from 'drizzle-orm';
import { expireHolds } from '../features/ledger/moves.js';
import { DEFAULT_HOLD_DAYS } from '../features/ledger/reasons.js';
import { findUserByEmail } from '../features/users/repository.js';
import {
  buildTestApp,
  callApi,
  openTestDatabase,
  signIn,
  type TestApp,
  type TestDatabase,
} from '../test/helpers.js';
import { seedDemoActivity } from './activity.js';
import { rowsOf } from '../lib/sql.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo.js';

const DAY = 24 * 60 * 60 * 1000;

describe('demo data', () => {
  let t: TestApp;
  let db: TestDatabase;
  let now: Date;
  const rewards = async () =>
    (
      (await t.app.deps.db.execute(sql`select status, created_at from rewards`)) as unknown as {
        rows: { status: string; created_at: string | Date }[];
      }
    ).rows.map((r) => ({ status: r.status, createdAt: new Date(r.created_at) }));
  const as = async (email: string) => {
    const user = await findUserByEmail(t.app.deps.db, email);
    assert.ok(user, `${email} exists`);
    return { id: user.id, auth: (await signIn(t.app, user)).auth };
  };

  before(async () => {
    db = await openTestDatabase();
    t = await buildTestApp(db);
    now = t.clock();
    assert.deepEqual(
      (await seedDemoData(db.handle.db, now)).sort(),
      DEMO_ACCOUNTS.map((a) => a.email).sort(),
    );
    assert.equal(await seedDemoActivity(db.handle, now), true);
  });
  after(() => db.dispose());

  it('writes activity once: a second run leaves the demo brand as it is', async () => {
    const before = (await rewards()).length;
    assert.equal(await seedDemoActivity(db.handle, now), false);
    assert.equal((await rewards()).length, before);
  });

  it('starts every reward pending, and the hold job approves exactly those past the hold period', async () => {
    const all = (await rewards()).filter((r) => r.status !== 'held');
    assert.ok(all.length > 0, 'the demo advocates earned something');
    assert.ok(all.every((r) => r.status === 'pending'));

    const approved = await expireHolds(t.app.deps.db, now);
    const cutoff = now.getTime() - DEFAULT_HOLD_DAYS * DAY;
    const due = all.filter((r) => r.createdAt.getTime() <= cutoff).length;
    assert.ok(due > 0 && due < all.length, 'some rewards are past the hold period, some are not');
    assert.equal(approved, due);
    for (const r of await rewards()) {
      if (r.status === 'held') continue;
      assert.equal(r.status, r.createdAt.getTime() <= cutoff ? 'approved' : 'pending');
    }
  });

  it('holds a few recent commissions with their reasons and keeps a few refused browser reports, so review is not empty', async () => {
    const owner = await as('brand@demo.test');
    const [demo] = await rowsOf<{ id: number }>(
      t.app.deps.db,
      sql`select id from brands where owner_id = ${owner.id}::integer order by id limit 1`,
    );
    assert.ok(demo, 'the demo brand');
    const brandId = demo.id;
    const held = await callApi(t, 'GET', `brand/${brandId}/review/?status=held`, owner);
    assert.equal(held.statusCode, 200, held.body);
    const items = (held.json() as { results: { hold_reasons: string[] }[] }).results;
    assert.ok(items.length >= 3, `${items.length} held`);
    assert.ok(
      items.every((i) => i.hold_reasons.length > 0),
      'each with its reasons',
    );
    const summary = await callApi(t, 'GET', `brand/${brandId}/review/summary/`, owner);
    const body = summary.json() as ReviewSummary;
    assert.equal(body.held, items.length);
    assert.deepEqual(body.refused_this_week.by_reason, [{ reason: 'over_price_cap', count: 3 }]);
  });

  it('fills the demo brand owner’s and the demo advocate’s dashboards', async () => {
    const owner = await as('brand@demo.test');
    const stats = await callApi(t, 'GET', 'brand/stats/?days=30', owner);
    assert.equal(stats.statusCode, 200);
    const brand = stats.json<StatsReply>().data;
    assert.ok(brand.engagement.clicks > 0);
    assert.ok(brand.conversions.count > 0);
    assert.equal(brand.advocates.total, 2);

    const advocate = await as('advocate@demo.test');
    const mine = await callApi(t, 'GET', 'advocates/performance/', advocate);
    assert.equal(mine.statusCode, 200);
    const { metrics } = mine.json<PerformanceReply>().data;
    assert.ok(metrics.clicks > 0);
    assert.ok(metrics.conversions > 0);
  });

  it('gives the demo brand two groups: Standard (the default) and Gold, with members', async () => {
    const owner = await as('brand@demo.test');
    const [brand] = await rowsOf<{ id: number }>(
      t.app.deps.db,
      sql`select id from brands where owner_id = ${owner.id}`,
    );
    const res = await callApi(t, 'GET', `brand/${brand.id}/groups/`, owner);
    assert.equal(res.statusCode, 200, res.body);
    const { groups } = res.json<GroupsReply>();
    assert.deepEqual(
      groups.map((g) => [g.name, g.is_default, g.member_count]),
      [
        ['Standard', true, 1],
        ['Gold', false, 1],
      ],
    );
    const both = await as('both@demo.test');
    const campaigns = await rowsOf<{ campaign_id: number }>(
      t.app.deps.db,
      sql`select campaign_id from campaign_joins where advocate_id = ${both.id} limit 1`,
    );
    const mine = await callApi(t, 'GET', `campaign/${campaigns[0].campaign_id}/my-group/`, both);
    assert.equal(mine.json<MyGroupReply>().group.name, 'Gold');
  });

  it('gives the demo brand a program page and one pending application to decide', async () => {
    const page = await callApi(t, 'GET', 'programs/demo-outfitters/', undefined);
    assert.equal(page.statusCode, 200, page.body);
    const program = page.json<ProgramPageReply>();
    assert.equal(program.brand.name, 'Demo Outfitters');
    assert.equal(program.questions.length, 2);
    const ambassadors = program.campaigns.find((c) => c.title === 'Ambassadors');
    assert.deepEqual(ambassadors && [ambassadors.join_mode, ambassadors.pays], [
      'application',
      '15% of each sale',
    ]);
    const owner = await as('brand@demo.test');
    const [brand] = await rowsOf<{ id: number }>(
      t.app.deps.db,
      sql`select id from brands where owner_id = ${owner.id}`,
    );
    const res = await callApi(t, 'GET', `brand/${brand.id}/applications/?status=pending`, owner);
    const { applications } = res.json<ApplicationsReply>();
    assert.deepEqual(
      applications.map((a) => [a.advocate.email, a.campaign.title, a.answers.length]),
      [['advocate@demo.test', 'Ambassadors', 2]],
    );
  });
});
