import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorReply } from 'contract';
import { type BrandWorld, type TestApp, withBrandWorld } from '../../test/helpers.js';

let t: TestApp;
let w: BrandWorld;

withBrandWorld((world) => ({ t, w } = world));

describe('user/notification-preferences/', () => {
  it('defaults to in-app, email and chat on; a save is kept per user', async () => {
    const defaults = { in_app: true, email: true, sms: false, push: false, chat: true };
    assert.deepEqual(
      (await t.call('GET', 'user/notification-preferences/', { as: w.advocate })).json(),
      defaults,
    );

    const mine = { in_app: false, email: true, sms: true, push: false, chat: false };
    const saved = await t.call('PUT', 'user/notification-preferences/', {
      as: w.advocate,
      body: mine,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json(), mine);
    assert.deepEqual(
      (await t.call('GET', 'user/notification-preferences/', { as: w.advocate })).json(),
      mine,
    );
    // Another user's are untouched.
    assert.deepEqual(
      (await t.call('GET', 'user/notification-preferences/', { as: w.owner })).json(),
      defaults,
    );

    const again = { ...mine, push: true };
    assert.deepEqual(
      (
        await t.call('PUT', 'user/notification-preferences/', { as: w.advocate, body: again })
      ).json(),
      again,
    );
  });

  it('400 naming the field; 401 without a session', async () => {
    const bad = await t.call<ErrorReply>('PUT', 'user/notification-preferences/', {
      as: w.advocate,
      body: {
        in_app: 'yes',
        email: true,
        sms: false,
        push: false,
      },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().errors, {
      in_app: ['must be a boolean (true or false)'],
      chat: ['is required'],
    });
    assert.equal((await t.call('GET', 'user/notification-preferences/')).statusCode, 401);
  });
});
