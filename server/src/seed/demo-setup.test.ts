// The demo brand's setup checklist reads complete (4 of 4): its payout settings are saved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrandListReply, PayoutSettingsReply } from 'contract';
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
import { seedDemoData } from './demo.js';

describe('demo brand setup', () => {
  let t: TestApp;
  let db: TestDatabase;

  before(async () => {
    db = await openTestDatabase();
    t = await buildTestApp(db);
    await seedDemoData(db.handle.db, t.clock());
    assert.equal(await seedDemoActivity(db.handle, t.clock()), true);
  });
  after(() => db.dispose());

  it('has its payout settings saved, so the checklist step is done', async () => {
    const user = await findUserByEmail(t.app.deps.db, 'brand@demo.test');
    assert.ok(user);
    const owner = { id: user.id, auth: (await signIn(t.app, user)).auth };
    const { brands } = (await callApi(t, 'GET', 'brand/list/', owner)).json<BrandListReply>();
    const settings = (
      await callApi(t, 'GET', `brand/${brands[0].id}/payout-settings/`, owner)
    ).json<PayoutSettingsReply>();
    assert.notEqual(settings.saved_at, null);
  });
});
