import type { Brand, Product, User } from 'shared-api';
import type { CampaignRecord } from 'shared-api/catalog';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'olu@example.test',
    username: 'olu',
    first_name: 'Olu',
    roles: ['Brand Owner'],
    is_staff: false,
    verified_at: '2025-01-02T10:00:00Z',
    is_active: true,
    brand_ids: [3],
    ...overrides,
  };
}

export function makeBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    id: 3,
    brand_name: 'Acme Coffee',
    brand_type: 'company',
    brand_size: '2-50',
    website_url: 'https://acme.example',
    description: 'Small-batch roasts.',
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'House Blend',
    brand_id: 3,
    brand_name: 'Acme Coffee',
    description: 'Chocolate and hazelnut.',
    price: 12.5,
    currency: 'USD',
    status: 'active',
    image_url: null,
    product_url: 'https://acme.example/house',
    created_at: '2025-03-01T09:00:00Z',
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
    commission_type: 'percentage',
    commission_value: 10,
    products: [{ id: 1, name: 'House Blend' }],
    product_ids: [1],
    ...overrides,
  };
}

/** The list reply of GET brand/{id}/products/ (SPEC 7). */
export function productsReply(products: Product[]) {
  return { body: { status: 'success', data: { products, count: products.length } } };
}
