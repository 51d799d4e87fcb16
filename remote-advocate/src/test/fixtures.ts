import type { User } from 'shared-api';
import type { CampaignRecord } from 'shared-api/catalog';

export function makeAdvocate(overrides: Partial<User> = {}): User {
  return {
    id: 21,
    email: 'ada@example.test',
    username: 'ada',
    first_name: 'Ada',
    roles: ['Advocate'],
    is_staff: false,
    verified_at: '2025-01-02T10:00:00Z',
    is_active: true,
    brand_ids: [],
    ...overrides,
  };
}

export function makeCampaign(overrides: Partial<CampaignRecord> = {}): CampaignRecord {
  return {
    id: 11,
    campaign_id: 'CMP-7F3K2Q',
    title: 'Spring Launch',
    description: 'Tell your friends about our spring roast.',
    status: 'active',
    brand: 3,
    brand_name: 'Acme Coffee',
    commission_type: 'percentage',
    commission_value: 10,
    products: [
      { id: 1, name: 'House Blend' },
      { id: 2, name: 'Decaf' },
    ],
    product_ids: [1, 2],
    ...overrides,
  };
}
