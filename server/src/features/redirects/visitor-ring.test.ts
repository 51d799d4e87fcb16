import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import type { ClickSource } from '../../db/schema.js';
import { VisitorRing, type RingEntry } from './visitor-ring.js';

const HOUR = 60 * 60 * 1000;
const hashOf = () => randomBytes(16).toString('hex');
const entry = (clickId: string, claimedAt: number, source: ClickSource = 'direct'): RingEntry => ({
  clickId,
  source,
  claimedAt,
});

describe('VisitorRing (the one-hour window of one process)', () => {
  it('finds a pair by link and visitor until its window is over', () => {
    const ring = new VisitorRing(10, HOUR);
    const visitor = hashOf();
    ring.set(7, visitor, entry('0o5v0j9c0AAAAAAAAAAAAAAAA', 1_000, 'email'));
    assert.deepEqual(
      ring.get(7, visitor, 1_000 + HOUR - 1),
      entry('0o5v0j9c0AAAAAAAAAAAAAAAA', 1_000, 'email'),
    );
    assert.equal(ring.get(8, visitor, 2_000), undefined, 'another link');
    assert.equal(ring.get(7, hashOf(), 2_000), undefined, 'another visitor');
    assert.equal(ring.get(7, visitor, 1_000 + HOUR), undefined, 'the window is over');
    ring.set(7, visitor, entry('0o5v0j9c1BBBBBBBBBBBBBBBB', 1_000 + HOUR, 'social'));
    assert.equal(ring.get(7, visitor, 1_000 + HOUR)?.clickId, '0o5v0j9c1BBBBBBBBBBBBBBBB');
  });

  it('claim: the first visit is counted with its candidate, repeats get it back until the window ends', () => {
    const ring = new VisitorRing(10, HOUR);
    const visitor = hashOf();
    const candidate = (clickId: string) => () => ({ clickId, source: 'social' as const });
    assert.deepEqual(ring.claim(7, visitor, 1_000, candidate('first')), {
      entry: entry('first', 1_000, 'social'),
      counted: true,
    });
    assert.deepEqual(
      ring.claim(7, visitor, 1_000 + HOUR - 1, () => assert.fail('no candidate for a repeat')),
      { entry: entry('first', 1_000, 'social'), counted: false },
    );
    assert.equal(ring.claim(8, visitor, 2_000, candidate('other link')).counted, true);
    assert.deepEqual(ring.claim(7, visitor, 1_000 + HOUR, candidate('next hour')), {
      entry: entry('next hour', 1_000 + HOUR, 'social'),
      counted: true,
    });
    assert.equal(ring.get(7, visitor, 1_000 + HOUR)?.clickId, 'next hour');
  });

  it('full, forgets the pair counted longest ago', () => {
    const ring = new VisitorRing(3, HOUR);
    const visitors = [hashOf(), hashOf(), hashOf(), hashOf(), hashOf()];
    visitors.slice(0, 4).forEach((v, i) => ring.set(1, v, entry(`click${i}`, 10 + i)));
    assert.equal(ring.size, 3);
    assert.deepEqual(
      visitors.map((v) => ring.get(1, v, 100)?.clickId),
      [undefined, 'click1', 'click2', 'click3', undefined],
    );
    ring.set(1, visitors[4]!, entry('click4', 20));
    assert.deepEqual(
      visitors.map((v) => ring.get(1, v, 100)?.clickId),
      [undefined, undefined, 'click2', 'click3', 'click4'],
    );
  });

  it('agrees with a plain model over many claims, expiries and evictions', () => {
    // A small ring over few links and many visitors: long probe runs, removals in their middle.
    const capacity = 500;
    const windowMs = 5_000;
    const ring = new VisitorRing(capacity, windowMs);
    type Held = { key: string; entry: RingEntry; live: boolean };
    const queue: Held[] = [];
    const byKey = new Map<string, Held>();
    const visitors = Array.from({ length: 400 }, hashOf);
    let now = 0;
    let hits = 0;
    for (let step = 0; step < 50_000; step++) {
      now += Math.floor(Math.random() * 3);
      const link = 1 + Math.floor(Math.random() * 4);
      const visitor = visitors[Math.floor(Math.random() * visitors.length)]!;
      const key = `${link}:${visitor}`;
      // The model: counted pairs in order; expired ones leave the index when looked up.
      let expected: RingEntry | undefined;
      const held = byKey.get(key);
      if (held && now - held.entry.claimedAt < windowMs) expected = held.entry;
      else if (held) {
        held.live = false;
        byKey.delete(key);
      }
      const found = ring.get(link, visitor, now);
      assert.deepEqual(found, expected, `step ${step}`);
      if (found) {
        hits += 1;
        continue;
      }
      const fresh = entry(
        `c${step}`,
        now,
        (['direct', 'social', 'email', 'others'] as const)[step % 4],
      );
      ring.set(link, visitor, fresh);
      const record = { key, entry: fresh, live: true };
      queue.push(record);
      byKey.set(key, record);
      if (queue.length > capacity) {
        const oldest = queue.shift()!;
        if (oldest.live) byKey.delete(oldest.key);
      }
    }
    assert.ok(hits > 10_000, `only ${hits} repeat visits were found`);
  });
});
