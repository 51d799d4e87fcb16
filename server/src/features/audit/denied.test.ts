// Denied attempts on brand routes land in the brand's audit log (issue 33, item 9): one entry per
// actor, route and brand per window, whichever check refused them; non-members leave none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditLogReply } from 'contract';
import {
  actor,
  buildTestApp,
  createCampaignAs,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { DENIED_AUDIT_WINDOW_MS } from './denied.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/** An analyst of the owner's brand (holding the Brand Owner role that brand screens need). */
async function analyst(): Promise<Actor> {
  const who = await actor(t, db, { roles: ['brand_owner'] });
  await db.handle.db.execute(
    sql`insert into brand_members (brand_id, user_id, role, joined_at) values (${w.brandId}, ${who.id}, 'analyst', now())`,
  );
  return who;
}

/** The brand's denied attempts as its owner reads them, oldest first. */
async function denied(): Promise<AuditEntry[]> {
  const res = await t.call<AuditLogReply>('GET', `brand/${w.brandId}/audit-log/?action=access`, {
    as: w.owner,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().results.reverse();
}

describe('denied attempts in the audit log', () => {
  it('records a member’s 403s, at most once per route and window', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const member = await analyst();
    const deleteCampaign = () => t.call('DELETE', `campaign/delete/${campaign}/`, { as: member });
    for (let i = 0; i < 5; i += 1) assert.equal((await deleteCampaign()).statusCode, 403);
    // Refused inside the handler (any member may call the route; removing others takes `members`).
    const removeOwner = await t.call('DELETE', `brand/${w.brandId}/members/${w.owner.id}/`, {
      as: member,
    });
    assert.equal(removeOwner.statusCode, 403, removeOwner.body);

    const entries = await denied();
    assert.deepEqual(
      entries.map((e) => [
        e.action,
        e.actor.id,
        e.target.kind,
        e.target.label,
        e.after?.permission,
      ]),
      [
        ['access.denied', member.id, 'access', 'DELETE /api/v1/campaign/delete/:id/', 'catalog'],
        [
          'access.denied',
          member.id,
          'access',
          'DELETE /api/v1/brand/:brandId/members/:userId/',
          'members',
        ],
      ],
    );
    assert.match(String(entries[0]!.after?.reason), /owner or admin role/);

    // A new window, a new entry; within it, none.
    t.clock.advance(DENIED_AUDIT_WINDOW_MS + 1_000);
    assert.equal((await deleteCampaign()).statusCode, 403);
    assert.equal((await deleteCampaign()).statusCode, 403);
    assert.equal((await denied()).length, 3);
  });

  it('holds the window across app instances (the database decides, not one process)', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const member = await analyst();
    assert.equal(
      (await t.call('DELETE', `campaign/delete/${campaign}/`, { as: member })).statusCode,
      403,
    );
    // A second instance on the same database, whose memory has not seen the first attempt.
    const other = await buildTestApp(db);
    other.clock.advance(t.clock().getTime() - other.clock().getTime());
    const again = await other.call('DELETE', `campaign/delete/${campaign}/`, { as: member });
    assert.equal(again.statusCode, 403);
    assert.equal((await denied()).length, 1);
  });

  it('records a brand’s two-factor refusal, and nothing for a non-member’s 404', async () => {
    const member = await analyst();
    const stranger = await actor(t, db, { roles: ['brand_owner'] });
    await db.handle.db.execute(
      sql`update brands set require_two_factor = true where id = ${w.brandId}`,
    );
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: member })).statusCode, 403);
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: stranger })).statusCode, 404);
    // The owner has no two-factor either: lift the requirement to read the log.
    await db.handle.db.execute(
      sql`update brands set require_two_factor = false where id = ${w.brandId}`,
    );
    const entries = await denied();
    assert.deepEqual(
      entries.map((e) => [e.actor.id, e.target.label]),
      [[member.id, 'GET /api/v1/brand/:id/']],
    );
  });
});
