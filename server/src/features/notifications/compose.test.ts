// What a business event tells whom: a zero commission is not announced.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { announcementsOf } from './compose.js';

// The event's data as the outbox stores it (announcementsOf reads it untyped).
const approved = (amount: number, currency = 'EUR') => ({
  brand_id: 1,
  advocate: { id: 2, username: 'ada' },
  campaign: { id: 3, title: 'Alpine Europe' },
  conversion: {
    id: 4,
    reference: 'demo-1',
    event_type: 'signup',
    value: 0,
    currency,
    status: 'approved',
    reported_with: 'secret',
    created_at: '2030-01-01T00:00:00.000Z',
  },
  reward: { amount, currency, status: 'approved' },
  reason: null,
});

describe('announcementsOf commission.approved', () => {
  it('tells the advocate of an approved commission in its currency', () => {
    const [note] = announcementsOf('commission.approved', approved(6.5));
    assert.equal(
      note.body,
      'Your €6.50 commission for Alpine Europe was approved and will be paid out.',
    );
  });

  it('says nothing of a zero commission (no "€0.00 commission approved")', () => {
    assert.deepEqual(announcementsOf('commission.approved', approved(0)), []);
  });
});
