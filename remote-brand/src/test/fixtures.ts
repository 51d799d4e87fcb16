import type { WebhookView } from 'contract';
import type { Brand, Product, User } from 'shared-api';
import type { CampaignRecord } from 'shared-api/catalog';
import { aBrand, aCampaign, aProduct, aUser, replies } from 'shared-api/testing';

// The brand workspace's fixtures: the contract-typed factories of shared-api/testing with this
// area's defaults (a brand owner of brand 3).
export const makeUser = (overrides: Partial<User> = {}): User => aUser(overrides);
export const makeBrand = (overrides: Partial<Brand> = {}): Brand => aBrand(overrides);
export const makeProduct = (overrides: Partial<Product> = {}): Product => aProduct(overrides);
export const makeCampaign = (overrides: Partial<CampaignRecord> = {}): CampaignRecord =>
  aCampaign({ campaign_id: 'CMP-7F3K2Q', ...overrides });

/** The list reply of GET brand/{id}/products/. */
export const productsReply = (products: Product[]) => replies.productList(products);

/** A webhook of brand 3 (id 7) taking conversions and paid payouts. */
export const makeWebhook = (overrides: Partial<WebhookView> = {}): WebhookView => ({
  id: 7,
  url: 'https://crm.example.com/hooks',
  events: ['conversion.created', 'payout.paid'],
  enabled: true,
  disabled_reason: null,
  created_at: '2025-03-01T09:00:00Z',
  ...overrides,
});
