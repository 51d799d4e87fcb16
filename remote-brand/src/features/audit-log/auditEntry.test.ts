import { fieldsText } from './auditEntry';

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
