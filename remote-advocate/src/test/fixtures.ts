import type { User } from 'shared-api';
import type { CampaignRecord } from 'shared-api/catalog';
import { aCampaign, aUser } from 'shared-api/testing';

/** The signed-in advocate of these tests (a contract-typed user record). */
export function makeAdvocate(overrides: Partial<User> = {}): User {
  return aUser({
    id: 21,
    email: 'ada@example.test',
    username: 'ada',
    first_name: 'Ada',
    roles: ['Advocate'],
    brand_ids: [],
    ...overrides,
  });
}

/** A campaign with two products, as GET campaign/list/ sends it. */
export function makeCampaign(overrides: Partial<CampaignRecord> = {}): CampaignRecord {
  return aCampaign({
    campaign_id: 'CMP-7F3K2Q',
    products: [
      { id: 1, name: 'House Blend', product_url: 'https://acme.example/house' },
      { id: 2, name: 'Decaf', product_url: 'https://acme.example/decaf' },
    ],
    product_ids: [1, 2],
    ...overrides,
  });
}
