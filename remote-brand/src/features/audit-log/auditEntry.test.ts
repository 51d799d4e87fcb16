import { actionLabel, fieldsText, targetText } from './auditEntry';

describe('fieldsText', () => {
  it('writes amounts in their currency and does not repeat the currency', () => {
    expect(
      fieldsText({ reward_status: 'paid', reward: 2.5, currency: 'EUR', clawback: null }),
    ).toBe('reward status: paid, reward: €2.50, clawback: —');
  });

  it('keeps a currency that no amount uses, and plain fields as they are', () => {
    expect(fieldsText({ role: 'finance' })).toBe('role: finance');
    expect(fieldsText({ currency: 'USD', status: 'active' })).toBe('currency: USD, status: active');
    expect(fieldsText(null)).toBe('');
  });
});

describe('a denied attempt', () => {
  it('reads as "Access denied" on the route the member tried', () => {
    expect(actionLabel('access.denied')).toBe('Access denied');
    expect(
      targetText({
        id: 1,
        at: '2026-11-27T10:00:00.000Z',
        actor: { kind: 'user', id: 7, name: 'Ann Analyst' },
        action: 'access.denied',
        target: { kind: 'access', id: null, label: 'DELETE /api/v1/campaign/delete/:id/' },
        before: null,
        after: {
          permission: 'catalog',
          reason: 'This needs the owner or admin role on this brand; yours is analyst.',
        },
      }),
    ).toBe('Access · DELETE /api/v1/campaign/delete/:id/');
  });
});
