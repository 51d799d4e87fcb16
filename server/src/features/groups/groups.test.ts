// Advocate groups: the default group, group rules over the campaign's, conditional rules, the
// group's hold period, moves (by hand, on deletion, automatic up and down) with their events,
// audit entries, notifications and emails, the advocate's own view, and strangers refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type {
  AuditLogReply,
  GroupMembersReply,
  GroupMovesReply,
  GroupsReply,
  GroupView,
  MyGroupReply,
  NotificationsReply,
} from 'contract';
import {
  actor,
  createCampaignAs,
  createProductAs,
  joinAs,
  signIn,
  withBrandWorld,
  type Actor,
  type TestApp,
  type TestDatabase,
  type BrandWorld,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';
import { runPipeline } from '../events/test-support.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const DAY = 86_400_000;

const groupsOf = async (who: Actor, brandId = w.brandId) => {
  const res = await t.call<GroupsReply>('GET', `brand/${brandId}/groups/`, { as: who });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().groups;
};

const createGroup = async (body: Record<string, unknown>) => {
  const res = await t.call<{ group: GroupView }>('POST', `brand/${w.brandId}/groups/`, {
    as: w.owner,
    body,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().group;
};

const move = async (groupId: number, ids: number[]) => {
  const res = await t.call<GroupMovesReply>(
    'POST',
    `brand/${w.brandId}/groups/${groupId}/members/`,
    { as: w.owner, body: { advocate_ids: ids } },
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json().moves;
};

/** A percentage campaign (10%) with one product, joined by `advocate`; a reporter by secret key. */
async function world(advocate: Actor = w.advocate) {
  const product = await createProductAs(t, w.owner, w.brandId);
  const other = await createProductAs(t, w.owner, w.brandId, { name: 'Hat' });
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product, other],
    commission_value: 10,
  });
  const links = await joinAs(t, advocate, campaign);
  const key = await t.call<{ secret: string }>('POST', `brand/${w.brandId}/api-keys/`, {
    as: w.owner,
    body: { kind: 'secret' },
  });
  assert.equal(key.statusCode, 201, key.body);
  const secret = key.json().secret;
  const report = async (
    ref: string,
    value: number,
    extra: Record<string, unknown> = {},
    productId = product,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}` },
      payload: { conversionRef: ref, via: links.get(productId), value, ...extra },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ conversion: { id: number; reward_amount: number; status: string } }>()
      .conversion;
  };
  return { product, other, campaign, report, links };
}

describe('groups', () => {
  it('a new brand has its default group holding every advocate', async () => {
    await world();
    const groups = await groupsOf(w.owner);
    assert.deepEqual(
      groups.map((g) => [g.name, g.is_default, g.member_count]),
      [['Default', true, 1]],
    );
    const members = await t.call<GroupMembersReply>(
      'GET',
      `brand/${w.brandId}/groups/${groups[0].id}/members/`,
      { as: w.owner },
    );
    assert.deepEqual(
      members.json().members.map((m) => [m.id, m.moved_at]),
      [[w.advocate.id, null]],
    );
  });

  it("a group's rule pays its members' future conversions; earlier ones keep their reward", async () => {
    const { report } = await world();
    const before = await report('before', 200);
    assert.equal(before.reward_amount, 20, "the campaign's 10%");
    const gold = await createGroup({
      name: 'Gold',
      commission_type: 'percentage',
      commission_value: 25,
    });
    assert.deepEqual(await move(gold.id, [w.advocate.id]), [
      {
        advocate_id: w.advocate.id,
        from_group_id: (await groupsOf(w.owner))[0].id,
        to_group_id: gold.id,
      },
    ]);
    assert.deepEqual(await move(gold.id, [w.advocate.id]), [], 'already there: no move');
    const after = await report('after', 200);
    assert.equal(after.reward_amount, 50, "Gold's 25%");
    const [kept] = await rowsOf<{ reward_amount: string }>(
      db.handle.db,
      sql`select reward_amount from conversions where conversion_ref = 'before'`,
    );
    assert.equal(Number(kept.reward_amount), 20);
  });

  it('conditional rules: the first matching one wins, else the group, else the campaign', async () => {
    const { report, product, other } = await world();
    const vip = await createGroup({
      name: 'VIP',
      commission_type: 'percentage',
      commission_value: 15,
      reward_rules: [
        {
          conditions: { countries: ['FR'], product_ids: [other] },
          commission_type: 'flat',
          commission_value: 7,
        },
        {
          conditions: { customer: 'returning' },
          commission_type: 'percentage',
          commission_value: 5,
        },
        {
          conditions: { order_value: { currency: 'USD', min: 500 } },
          commission_type: 'percentage',
          commission_value: 30,
        },
      ],
    });
    await move(vip.id, [w.advocate.id]);
    // French buyer of the hat: the first rule.
    assert.equal(
      (await report('fr-hat', 40, { customer: { country: 'fr' } }, other)).reward_amount,
      7,
    );
    // French buyer of the sneaker: the product does not match; no other rule: the group's 15%.
    assert.equal(
      (await report('fr-sneaker', 40, { customer: { country: 'FR' } }, product)).reward_amount,
      6,
    );
    // No country given: the country rule never matches.
    assert.equal((await report('no-country', 40, {}, other)).reward_amount, 6);
    // A big order from a new customer: the value range.
    assert.equal((await report('big-new', 600, { customer: { id: 'cus_1' } })).reward_amount, 180);
    // The same customer again: returning (5%) comes before the range.
    assert.equal((await report('big-again', 600, { customer: { id: 'cus_1' } })).reward_amount, 30);
    // A range in USD does not match a EUR order.
    assert.equal(
      (await report('big-eur', 600, { currency: 'EUR', customer: { id: 'cus_2' } })).reward_amount,
      90,
    );
    const [row] = await rowsOf<{ customer_country: string | null }>(
      db.handle.db,
      sql`select customer_country from conversions where conversion_ref = 'fr-hat'`,
    );
    assert.equal(row.customer_country, 'FR');
  });

  it("the group's hold period: 0 days approves its members' rewards at once", async () => {
    const { report } = await world();
    const instant = await createGroup({ name: 'Trusted', hold_days: 0 });
    assert.equal((await report('held', 100)).status, 'pending', "the brand's 30 days");
    await move(instant.id, [w.advocate.id]);
    const now = await report('instant', 100);
    assert.equal(now.status, 'approved');
    assert.equal(now.reward_amount, 10, "no rule of its own: the campaign's 10%");
  });

  it('moves are evented, audited, notified and emailed to the advocate', async () => {
    await world();
    const gold = await createGroup({ name: 'Gold', discount_text: '15% off with my code' });
    await move(gold.id, [w.advocate.id]);
    const [event] = await rowsOf<{ type: string; data: { group: { name: string }; how: string } }>(
      db.handle.db,
      sql`select type, data from events where type = 'advocate.group_changed'`,
    );
    assert.equal(event.data.group.name, 'Gold');
    assert.equal(event.data.how, 'manual');
    const log = await t.call<AuditLogReply>('GET', `brand/${w.brandId}/audit-log/`, {
      as: w.owner,
    });
    assert.deepEqual(
      log
        .json()
        .results.map((e) => e.action)
        .filter((a) => a.startsWith('group.')),
      ['group.member_moved', 'group.created'],
    );
    await runPipeline(t);
    const inbox = await t.call<NotificationsReply>('GET', 'notifications/', { as: w.advocate });
    const note = inbox.json().results.find((n) => n.title === 'Your group changed');
    assert.ok(note, inbox.body);
    assert.match(note.body, /You are now in the Gold group \(before: Default\)/);
    const [user] = await rowsOf<{ email: string }>(
      db.handle.db,
      sql`select email from users where id = ${w.advocate.id}`,
    );
    const mails = t.app.deps.mailer as unknown as { messages: { to: string; subject: string }[] };
    assert.ok(
      mails.messages.some((m) => m.to === user.email && /group changed/i.test(m.subject)),
      JSON.stringify(mails.messages.map((m) => m.subject)),
    );
  });

  it('deleting a group returns its members to the default; the default cannot be deleted', async () => {
    await world();
    const [fallback] = await groupsOf(w.owner);
    const gold = await createGroup({ name: 'Gold' });
    await move(gold.id, [w.advocate.id]);
    const refused = await t.call('DELETE', `brand/${w.brandId}/groups/${fallback.id}/`, {
      as: w.owner,
    });
    assert.equal(refused.statusCode, 409);
    const res = await t.call<GroupMovesReply>('DELETE', `brand/${w.brandId}/groups/${gold.id}/`, {
      as: w.owner,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().moves, [
      { advocate_id: w.advocate.id, from_group_id: gold.id, to_group_id: fallback.id },
    ]);
    assert.deepEqual(
      (await groupsOf(w.owner)).map((g) => [g.name, g.member_count]),
      [['Default', 1]],
    );
  });

  it('refuses bad rules with a 400 naming the field', async () => {
    const product = await createProductAs(t, w.other, w.otherBrandId);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A', commission_type: 'percentage', commission_value: 150 }, 'commission_value'],
      [{ name: 'A', commission_type: 'flat' }, 'commission_value'],
      [
        {
          name: 'A',
          reward_rules: [
            {
              conditions: { product_ids: [product] },
              commission_type: 'flat',
              commission_value: 1,
            },
          ],
        },
        'reward_rules.0.conditions.product_ids',
      ],
      [
        {
          name: 'A',
          reward_rules: [
            {
              conditions: { order_value: { currency: 'USD', min: 10, max: 5 } },
              commission_type: 'flat',
              commission_value: 1,
            },
          ],
        },
        'reward_rules.0.conditions.order_value',
      ],
      [{ name: 'A', auto_rule: {} }, 'auto_rule'],
      [{ name: 'default' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call<{ errors?: Record<string, string[]> }>(
        'POST',
        `brand/${w.brandId}/groups/`,
        { as: w.owner, body },
      );
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(res.json().errors?.[field], `${field}: ${res.body}`);
    }
    const gold = await createGroup({ name: 'Gold' });
    const stranger = await t.call<{ errors?: Record<string, string[]> }>(
      'POST',
      `brand/${w.brandId}/groups/${gold.id}/members/`,
      { as: w.owner, body: { advocate_ids: [w.other.id] } },
    );
    assert.equal(stranger.statusCode, 400);
    assert.ok(stranger.json().errors?.advocate_ids);
  });

  it("strangers see none of it: another brand's owner, and an advocate of another brand", async () => {
    await world();
    const gold = await createGroup({ name: 'Gold' });
    for (const [method, url] of [
      ['GET', `brand/${w.brandId}/groups/`],
      ['GET', `brand/${w.brandId}/groups/${gold.id}/members/`],
      ['PATCH', `brand/${w.brandId}/groups/${gold.id}/`],
      ['POST', `brand/${w.brandId}/groups/evaluate/`],
    ] as const) {
      for (const who of [w.other, w.advocate]) {
        const res = await t.call(method, url, { as: who, body: method === 'GET' ? undefined : {} });
        assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
      }
    }
    // Another brand's group id under one's own brand: not found either.
    const theirs = await t.call('PATCH', `brand/${w.otherBrandId}/groups/${gold.id}/`, {
      as: w.other,
      body: { name: 'Mine' },
    });
    assert.equal(theirs.statusCode, 404);
  });

  it('the advocate sees their own group and rule on the campaign; others do not', async () => {
    const { campaign } = await world();
    const gold = await createGroup({
      name: 'Gold',
      commission_type: 'percentage',
      commission_value: 20,
      discount_text: '10% off',
    });
    const mine = async (who: Actor) =>
      t.call<MyGroupReply>('GET', `campaign/${campaign}/my-group/`, { as: who });
    const standard = (await mine(w.advocate)).json();
    assert.equal(standard.group.name, 'Default');
    assert.deepEqual(standard.rule, { commission_type: 'percentage', commission_value: 10 });
    assert.equal(standard.rule_from, 'campaign');
    await move(gold.id, [w.advocate.id]);
    const golden = (await mine(w.advocate)).json();
    assert.equal(golden.group.name, 'Gold');
    assert.deepEqual(golden.rule, { commission_type: 'percentage', commission_value: 20 });
    assert.equal(golden.discount_text, '10% off');
    const outsider = await actor(t, db, { roles: ['advocate'] });
    assert.equal((await mine(outsider)).statusCode, 404);
  });
});

describe('automatic rules', () => {
  it('move advocates up and down from their last 90 days, on demand', async () => {
    const { report } = await world();
    const second = await actor(t, db, { roles: ['advocate'] });
    const other = await world(second);
    const silver = await createGroup({
      name: 'Silver',
      rank: 1,
      auto_rule: { min_conversions: 2 },
    });
    const gold = await createGroup({
      name: 'Gold',
      rank: 2,
      auto_rule: { min_conversions: 2, min_revenue: { amount: 300, currency: 'USD' } },
    });
    const [fallback] = await groupsOf(w.owner);
    await report('a1', 200);
    await report('a2', 150);
    await other.report('b1', 500);
    await other.report('b2', 10, { currency: 'EUR' });
    let owner = w.owner;
    const evaluate = async () => {
      const res = await t.call<GroupMovesReply>('POST', `brand/${w.brandId}/groups/evaluate/`, {
        as: owner,
      });
      assert.equal(res.statusCode, 200, res.body);
      return res;
    };
    const first = await evaluate();
    assert.equal(first.statusCode, 200, first.body);
    const sorted = (moves: GroupMovesReply['moves']) =>
      [...moves].sort((a, b) => a.advocate_id - b.advocate_id);
    // w.advocate: 2 conversions, 350 USD → Gold; second: 2 conversions but 500 USD + 10 EUR:
    // 500 USD ≥ 300 → Gold too. Advocates ordered by id.
    assert.deepEqual(
      sorted(first.json().moves),
      sorted([
        { advocate_id: w.advocate.id, from_group_id: fallback.id, to_group_id: gold.id },
        { advocate_id: second.id, from_group_id: fallback.id, to_group_id: gold.id },
      ]),
    );
    assert.deepEqual((await evaluate()).json().moves, [], 'nothing more to move');

    // The second advocate's USD sale is refunded: 0 USD left and one conversion → down to default.
    await db.handle.db.execute(
      sql`update conversions set status = 'refunded', refunded_value = value where conversion_ref = 'b1'`,
    );
    // 91 days on, w.advocate's sales are out of the window; a new pair of small ones → Silver.
    t.clock.advance(91 * DAY);
    // The owner signs in again (the earlier session's tokens have long expired).
    owner = { id: w.owner.id, auth: (await signIn(t.app, { id: w.owner.id })).auth };
    await report('a3', 20);
    await report('a4', 20);
    assert.deepEqual(
      sorted((await evaluate()).json().moves),
      sorted([
        { advocate_id: w.advocate.id, from_group_id: gold.id, to_group_id: silver.id },
        { advocate_id: second.id, from_group_id: gold.id, to_group_id: fallback.id },
      ]),
    );
    // Placed by hand in a group off the ladder: left there.
    const partners = await t.call<{ group: GroupView }>('POST', `brand/${w.brandId}/groups/`, {
      as: owner,
      body: { name: 'Partners' },
    });
    const placed = await t.call(
      'POST',
      `brand/${w.brandId}/groups/${partners.json().group.id}/members/`,
      {
        as: owner,
        body: { advocate_ids: [second.id] },
      },
    );
    assert.equal(placed.statusCode, 200, placed.body);
    await other.report('b3', 900);
    await other.report('b4', 900);
    assert.deepEqual((await evaluate()).json().moves, []);
    const [audit] = await rowsOf<{ n: number }>(
      db.handle.db,
      sql`select count(*)::int as n from audit_log where action = 'group.member_moved'`,
    );
    assert.equal(audit.n, 5);
  });
});
