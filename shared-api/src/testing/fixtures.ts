/**
 * Fixture factories for component tests, typed by the contract: every field the server sends is
 * present with the type the server sends it in, so a reply schema that changes on the server
 * fails the type check of every test that fakes it. Override only what a test is about.
 */
import type {
  ApiKeyView,
  BrandListReply,
  BrandReply,
  BrandView,
  BrandCampaignsReply,
  CampaignStats,
  CampaignView,
  CampaignWriteReply,
  CreateBrandReply,
  JoinReply,
  MeReply,
  ProductListReply,
  ProductReply,
  ProductView,
  ProductWriteReply,
  UserView,
} from 'contract';
import type { FakeReply } from './fakeApi';

const CREATED = '2025-03-01T09:00:00.000Z';

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 7,
    email: 'olu@example.test',
    username: 'olu',
    first_name: 'Olu',
    last_name: '',
    roles: ['Brand Owner'],
    is_staff: false,
    verified_at: '2025-01-02T10:00:00.000Z',
    is_active: true,
    brand_ids: [3],
    date_joined: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aBrand(overrides: Partial<BrandView> = {}): BrandView {
  return {
    id: 3,
    brand_name: 'Acme Coffee',
    brand_type: 'company',
    brand_size: '2-50',
    phone_no: null,
    website_url: 'https://acme.example',
    instagram_url: null,
    discord_url: null,
    X_url: null,
    description: 'Small-batch roasts.',
    brand_CAC: null,
    owner_id: 7,
    created_at: CREATED,
    ...overrides,
  };
}

export function aProduct(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: 1,
    name: 'House Blend',
    brand_id: 3,
    brand_name: 'Acme Coffee',
    unique_id: null,
    source_product_id: null,
    description: 'Chocolate and hazelnut.',
    price: 12.5,
    currency: 'USD',
    status: 'active',
    image_url: null,
    product_url: 'https://acme.example/house',
    created_at: CREATED,
    ...overrides,
  };
}

export function aCampaign(overrides: Partial<CampaignView> = {}): CampaignView {
  return {
    id: 11,
    campaign_id: 'CMP-7F3K2QXM',
    title: 'Spring Launch',
    category: null,
    description: 'Tell your friends about our spring roast.',
    target_customers: null,
    location: null,
    gender: null,
    age_range: null,
    budget_limit: null,
    product_url: null,
    duration: null,
    status: 'active',
    video: null,
    brand: 3,
    brand_name: 'Acme Coffee',
    commission_type: 'percentage',
    commission_value: 10,
    products: [{ id: 1, name: 'House Blend', product_url: 'https://acme.example/house' }],
    product_ids: [1],
    created_at: CREATED,
    ...overrides,
  };
}

export function aCampaignStats(overrides: Partial<CampaignStats> = {}): CampaignStats {
  return {
    joins: 0,
    clicks: 0,
    conversions: 0,
    visitors: 0,
    campaign: { id: 11, campaign_id: 'CMP-7F3K2QXM', title: 'Spring Launch' },
    products: [],
    advocates: [],
    ...overrides,
  };
}

export function anApiKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: 1,
    kind: 'secret',
    prefix: 'sk_live_AbCd',
    created_at: CREATED,
    revoked_at: null,
    ...overrides,
  };
}

/** A fake reply whose body is typed by the contract (status 200 unless given). */
const typed =
  <T>() =>
  (body: T, status?: number): FakeReply => ({ status, body });

/** Replies in the exact envelopes the server sends, one builder per reply schema. */
export const replies = {
  me: (user: UserView = aUser()) => typed<MeReply>()({ data: user }),
  brandList: (brands: BrandView[]) => typed<BrandListReply>()({ status: 'success', brands }),
  brand: (brand: BrandView) => typed<BrandReply>()({ status: 'success', brand }),
  brandCreated: (brand: BrandView, roles: CreateBrandReply['roles'] = ['Brand Owner']) =>
    typed<CreateBrandReply>()(
      { status: 'success', message: 'Brand created', brand, roles, active_role: 'brand_owner' },
      201,
    ),
  productList: (products: ProductView[], count = products.length) =>
    typed<ProductListReply>()({ status: 'success', data: { products, count } }),
  product: (product: ProductView) =>
    typed<ProductReply>()({ status: 'success', data: { product } }),
  productWritten: (product: ProductView, message = 'Product saved', status?: number) =>
    typed<ProductWriteReply>()({ status: 'success', message, data: { product } }, status),
  brandCampaigns: (campaigns: CampaignView[]) =>
    typed<BrandCampaignsReply>()({ status: 'success', campaigns }),
  campaignList: (campaigns: CampaignView[]) => typed<CampaignView[]>()(campaigns),
  campaign: (campaign: CampaignView) => typed<CampaignView>()(campaign),
  campaignWritten: (campaign: CampaignView, message = 'Campaign saved', status?: number) =>
    typed<CampaignWriteReply>()({ status: 'success', message, campaign }, status),
  campaignStats: (stats: CampaignStats) => typed<CampaignStats>()(stats),
  joined: (reply: JoinReply, status = 201) => typed<JoinReply>()(reply, status),
  apiKeys: (keys: ApiKeyView[]) => typed<{ keys: ApiKeyView[] }>()({ keys }),
};
