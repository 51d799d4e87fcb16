// The ledger under random sequences of every move (conversions, approvals, rejections, refunds,
// hold expiries, payouts, sent/successful/failed) checked against a model after every step, and
// the two places that must hold under concurrency: the hold job and "create payouts".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  actor,
  createCampaignAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { insertConversion } from '../conversions/repository.js';
import { addMethod } from '../payout-methods/repository.js';
import { createPayouts, markPayout, type PayoutMark } from '../payouts/repository.js';
import { expireHolds, refundConversion, reviewConversions } from './moves.js';
import { savePayoutSettings } from './settings.js';
import { rowsOf } from '../../lib/sql.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2030-01-01T12:00:00Z').getTime();

/** A small deterministic PRNG (mulberry32), so a failing sequence can be replayed by its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let refCounter = 0;
async function convert(
  database: Database,
  brandId: number,
  campaignId: number,
  advocateId: number,
  cents: bigint,
  currency: string,
  at: Date,
) {
  refCounter += 1;
  const row = await insertConversion(
    database,
    {
      brandId,
      campaignId,
      advocateId,
      productId: null,
      linkId: null,
      clickId: null,
      conversionRef: `ref-${refCounter}`,
      eventType: 'purchase',
      value: 100,
      currency,
      reportedWith: 'secret',
      sessionId: null,
      createdAt: at,
    },
    cents * 10n, // the ledger's thousandths
    false,
  );
  assert.ok(row);
  return row;
}

interface Entry {
  id: number;
  conversion_id: number;
  kind: 'reward' | 'clawback';
  advocate_id: number;
  currency: string;
  cents: number;
  status: string;
  payout_id: number | null;
}

const entriesOf = async (database: Database) =>
  (
    await rowsOf<Omit<Entry, 'cents'> & { amount: string }>(
      database,
      sql`select id, conversion_id, kind, advocate_id, currency, amount::text as amount, status, payout_id from rewards order by id`,
    )
  ).map(({ amount, ...e }) => ({ ...e, cents: Math.round(Number(amount) * 100) }));

const payoutsOf = async (database: Database) =>
  (
    await rowsOf<{
      id: number;
      advocate_id: number;
      currency: string;
      amount: string;
      status: string;
    }>(
      database,
      sql`select id, advocate_id, currency, amount::text as amount, status from payouts order by id`,
    )
  ).map((p) => ({ ...p, cents: Math.round(Number(p.amount) * 100) }));

describe('ledger', () => {
  it('random sequences of every move keep the ledger equal to its model, after every step', async () => {
    const database = db.handle.db;
    const HOLD_DAYS = 3;
    const MINIMUM_CENTS = 1000;
    await savePayoutSettings(
      database,
      w.brandId,
      { holdDays: HOLD_DAYS, payoutMinimum: MINIMUM_CENTS / 100 },
      new Date(START),
    );
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const advocates: Actor[] = [
      w.advocate,
      await actor(t, db, { roles: ['advocate'] }),
      await actor(t, db, { roles: ['advocate'] }),
    ];
    const currencies = ['USD', 'EUR'];
    const random = prng(Number(process.env.LEDGER_SEED ?? 20301));
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    let now = START;

    // The model: each entry's status and payout, as the rules say they must be.
    const model = new Map<
      string,
      {
        status: string;
        payout: number | null;
        cents: number;
        advocate: number;
        currency: string;
        created: number;
      }
    >();
    const refunded = new Set<number>();
    const hasMethod = new Set<number>();
    const payoutStatus = new Map<number, string>();
    const key = (conversionId: number, kind: string) => `${conversionId}:${kind}`;

    async function check(step: number, op: string) {
      const where = `step ${step} (${op})`;
      const entries = await entriesOf(database);
      const payouts = await payoutsOf(database);
      assert.equal(entries.length, model.size, `${where}: entries`);
      for (const e of entries) {
        const m = model.get(key(e.conversion_id, e.kind));
        assert.ok(m, `${where}: unexpected entry ${e.id}`);
        assert.deepEqual(
          [e.status, e.payout_id, e.cents],
          [m.status, m.payout, m.cents],
          `${where}: entry ${e.id}`,
        );
      }
      // Each payout holds exactly its entries; failed ones hold none.
      for (const p of payouts) {
        const held = entries.filter((e) => e.payout_id === p.id);
        assert.equal(p.status, payoutStatus.get(p.id), `${where}: payout ${p.id} status`);
        if (p.status === 'failed')
          assert.equal(held.length, 0, `${where}: failed payout ${p.id} holds entries`);
        else
          assert.equal(
            held.reduce((s, e) => s + e.cents, 0),
            p.cents,
            `${where}: payout ${p.id} amount`,
          );
      }
      // Balances (API) = approved unpaid entries, per currency; total paid = successful payouts.
      for (const a of advocates) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/advocates/earnings/',
          headers: a.auth,
        });
        const expected = new Map<string, number>();
        for (const e of entries)
          if (e.advocate_id === a.id && e.status === 'approved')
            expected.set(e.currency, (expected.get(e.currency) ?? 0) + e.cents);
        const balance = res.json<{ current_balance: { currency: string; amount: number }[] }>()
          .current_balance;
        assert.deepEqual(
          balance.map((b) => [b.currency, Math.round(b.amount * 100)]),
          [...expected.entries()].sort(([x], [y]) => x.localeCompare(y)),
          `${where}: balance of ${a.id}`,
        );
      }
      const paidInSuccessful = entries
        .filter((e) => e.payout_id !== null && payoutStatus.get(e.payout_id) === 'successful')
        .reduce((s, e) => s + e.cents, 0);
      const successful = payouts
        .filter((p) => p.status === 'successful')
        .reduce((s, p) => s + p.cents, 0);
      assert.equal(paidInSuccessful, successful, `${where}: total paid`);
      // No entry was ever in two payouts that did not fail.
      const moves = await rowsOf<{ reward_id: number; payout_id: number }>(
        database,
        sql`select reward_id, payout_id from reward_moves where to_status = 'paid'`,
      );
      const live = new Map<number, number>();
      for (const m of moves)
        if (payoutStatus.get(m.payout_id) !== 'failed') {
          assert.equal(live.has(m.reward_id), false, `${where}: entry ${m.reward_id} paid twice`);
          live.set(m.reward_id, m.payout_id);
        }
      // Every entry's moves chain from its first status to its current one.
      const chain = await rowsOf<{
        reward_id: number;
        from_status: string | null;
        to_status: string;
      }>(database, sql`select reward_id, from_status, to_status from reward_moves order by id`);
      const last = new Map<number, string>();
      for (const e of entries) last.set(e.id, e.kind === 'reward' ? 'pending' : '');
      for (const m of chain) {
        assert.equal(
          m.from_status ?? '',
          last.get(m.reward_id),
          `${where}: move chain of ${m.reward_id}`,
        );
        last.set(m.reward_id, m.to_status);
      }
      for (const e of entries)
        assert.equal(last.get(e.id), e.status, `${where}: ${e.id} moved without a move`);
    }

    const ops = [
      'convert',
      'convert',
      'convert',
      'approve',
      'reject',
      'refund',
      'refund',
      'expire',
      'payouts',
      'mark',
      'mark',
      'method',
    ] as const;
    for (let step = 0; step < 160; step += 1) {
      const op = pick(ops);
      const at = new Date(now);
      const conversions = [...model.entries()].filter(([k]) => k.endsWith(':reward'));
      if (op === 'convert') {
        const advocate = pick(advocates).id;
        const currency = pick(currencies);
        const cents = pick([0, 150, 499, 1000, 1234]);
        const row = await convert(
          database,
          w.brandId,
          campaign,
          advocate,
          BigInt(cents),
          currency,
          at,
        );
        model.set(key(row.id, 'reward'), {
          status: 'pending',
          payout: null,
          cents,
          advocate,
          currency,
          created: now,
        });
      } else if (op === 'approve' || op === 'reject') {
        const ids = conversions.filter(() => random() < 0.3).map(([k]) => Number(k.split(':')[0]));
        await reviewConversions(database, {
          brandId: w.brandId,
          conversionIds: ids,
          action: op,
          actorId: w.owner.id,
          reason: 'random',
          now: at,
        });
        for (const id of ids) {
          const m = model.get(key(id, 'reward'));
          if (!m || refunded.has(id)) continue;
          if (op === 'approve' && m.status === 'pending') m.status = 'approved';
          if (op === 'reject' && (m.status === 'pending' || m.status === 'approved'))
            m.status = 'rejected';
        }
      } else if (op === 'refund' && conversions.length > 0) {
        // Half the time a paid one, so refunds after payment (deductions) happen too.
        const paid = conversions.filter(([, c]) => c.status === 'paid');
        const [k, m] = pick(paid.length > 0 && random() < 0.5 ? paid : conversions);
        const id = Number(k.split(':')[0]);
        const ref = (
          await rowsOf<{ conversion_ref: string }>(
            database,
            sql`select conversion_ref from conversions where id = ${id}`,
          )
        )[0].conversion_ref;
        const outcome = await refundConversion(database, {
          brandId: w.brandId,
          conversionRef: ref,
          actorId: null,
          reason: null,
          now: at,
        });
        assert.ok(outcome.found);
        assert.equal(outcome.duplicate, refunded.has(id));
        if (!refunded.has(id)) {
          refunded.add(id);
          if (m.status === 'pending' || m.status === 'approved') m.status = 'rejected';
          else if (m.status === 'paid' && m.cents > 0)
            model.set(key(id, 'clawback'), {
              status: 'approved',
              payout: null,
              cents: -m.cents,
              advocate: m.advocate,
              currency: m.currency,
              created: now,
            });
        }
      } else if (op === 'expire') {
        now += Math.floor(random() * 2 * DAY);
        await expireHolds(database, new Date(now), 4);
        for (const m of model.values())
          if (m.status === 'pending' && m.created <= now - HOLD_DAYS * DAY) m.status = 'approved';
      } else if (op === 'payouts') {
        now += 1000; // each batch at its own time
        const created = await createPayouts(database, w.brandId, w.owner.id, new Date(now));
        const groups = new Map<string, { cents: number; keys: string[] }>();
        for (const [k, m] of model)
          if (m.status === 'approved') {
            const g = groups.get(`${m.advocate}:${m.currency}`) ?? { cents: 0, keys: [] };
            g.cents += m.cents;
            g.keys.push(k);
            groups.set(`${m.advocate}:${m.currency}`, g);
          }
        const made =
          created.payoutIds.length === 0
            ? []
            : await rowsOf<{ id: number; advocate_id: number; currency: string }>(
                database,
                sql`select id, advocate_id, currency from payouts where id = any(${`{${created.payoutIds.join(',')}}`}::int[])`,
              );
        const expected: string[] = [];
        for (const [g, { cents, keys }] of groups) {
          const [advocate] = g.split(':');
          if (cents <= 0 || cents < MINIMUM_CENTS || !hasMethod.has(Number(advocate))) continue;
          expected.push(g);
          const payout = made.find((p) => `${p.advocate_id}:${p.currency}` === g);
          assert.ok(payout, `step ${step}: no payout for ${g}`);
          payoutStatus.set(payout.id, 'pending');
          for (const k of keys)
            Object.assign(model.get(k) ?? {}, { status: 'paid', payout: payout.id });
        }
        assert.equal(made.length, expected.length, `step ${step}: payouts made`);
      } else if (op === 'mark' && payoutStatus.size > 0) {
        const id = pick([...payoutStatus.keys()]);
        const mark: PayoutMark = pick(['sent', 'successful', 'failed']);
        const status = payoutStatus.get(id);
        const allowed =
          (mark === 'sent' && status === 'pending') ||
          (mark === 'successful' && status === 'ongoing') ||
          (mark === 'failed' && (status === 'pending' || status === 'ongoing'));
        assert.equal(await markPayout(database, id, mark, w.owner.id, null, at), allowed);
        if (allowed) {
          payoutStatus.set(id, mark === 'sent' ? 'ongoing' : mark);
          if (mark === 'failed')
            for (const m of model.values())
              if (m.payout === id) Object.assign(m, { status: 'approved', payout: null });
        }
      } else if (op === 'method') {
        const advocate = pick(advocates).id;
        await addMethod(
          database,
          advocate,
          {
            type: 'paypal',
            paypalEmail: `a${advocate}@pay.example`,
            accountHolder: null,
            bankName: null,
            accountNumber: null,
            bankCode: null,
            bankCountry: null,
          },
          true,
          at,
        );
        hasMethod.add(advocate);
      }
      await check(step, op);
    }
    // The sequence exercised every kind of move.
    const kinds = await rowsOf<{ from_status: string | null; to_status: string }>(
      database,
      sql`select distinct from_status, to_status from reward_moves`,
    );
    const seen = new Set(kinds.map((k) => `${k.from_status}>${k.to_status}`));
    for (const move of [
      'pending>approved',
      'pending>rejected',
      'approved>paid',
      'paid>approved',
      'null>approved',
    ])
      assert.ok(seen.has(move), `no ${move} move in the sequence: ${[...seen].join(' ')}`);
  });

  it('two hold-expiry runs at once approve each reward once', async () => {
    const database = db.handle.db;
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    for (let i = 0; i < 40; i += 1)
      await convert(database, w.brandId, campaign, w.advocate.id, 100n, 'USD', new Date(START));
    const later = new Date(START + 31 * DAY);
    const counts = await Promise.all([
      expireHolds(database, later, 5),
      expireHolds(database, later, 5),
    ]);
    assert.equal(counts[0] + counts[1], 40);
    const moves = await rowsOf<{ reward_id: number; n: string }>(
      database,
      sql`select reward_id, count(*) as n from reward_moves group by reward_id`,
    );
    assert.equal(moves.length, 40);
    assert.ok(moves.every((m) => Number(m.n) === 1));
    const [pending] = await rowsOf<{ n: string }>(
      database,
      sql`select count(*) as n from rewards where status <> 'approved'`,
    );
    assert.equal(Number(pending.n), 0);
  });

  it('two simultaneous "create payouts" pay each reward once', async () => {
    const database = db.handle.db;
    await savePayoutSettings(
      database,
      w.brandId,
      { holdDays: 0, payoutMinimum: 1 },
      new Date(START),
    );
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const advocates = [
      w.advocate,
      await actor(t, db, { roles: ['advocate'] }),
      await actor(t, db, { roles: ['advocate'] }),
    ];
    for (const a of advocates)
      await addMethod(
        database,
        a.id,
        {
          type: 'paypal',
          paypalEmail: `a${a.id}@pay.example`,
          accountHolder: null,
          bankName: null,
          accountNumber: null,
          bankCode: null,
          bankCountry: null,
        },
        true,
        new Date(START),
      );
    for (let i = 0; i < 30; i += 1)
      await convert(
        database,
        w.brandId,
        campaign,
        advocates[i % 3].id,
        250n,
        i % 2 ? 'USD' : 'EUR',
        new Date(START),
      );
    const results = await Promise.all([
      createPayouts(database, w.brandId, w.owner.id, new Date(START + 1)),
      createPayouts(database, w.brandId, w.owner.id, new Date(START + 2)),
      createPayouts(database, w.brandId, w.owner.id, new Date(START + 3)),
    ]);
    assert.equal(results.flatMap((r) => r.payoutIds).length, 6, 'one per advocate and currency');
    const payouts = await payoutsOf(database);
    assert.equal(payouts.length, 6);
    assert.equal(
      payouts.reduce((s, p) => s + p.cents, 0),
      30 * 250,
    );
    const entries = await entriesOf(database);
    assert.ok(entries.every((e) => e.status === 'paid' && e.payout_id !== null));
    const [moves] = await rowsOf<{ n: string; d: string }>(
      database,
      sql`select count(*) as n, count(distinct reward_id) as d from reward_moves where to_status = 'paid'`,
    );
    assert.deepEqual([Number(moves.n), Number(moves.d)], [30, 30]);
  });
});
