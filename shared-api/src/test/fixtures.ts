/**
 * Fixture factories for component tests, typed by the contract: every field the server sends is
 * present with the type the server sends it in, so a reply schema that changes on the server
 * fails the type check of every test that fakes it. Override only what a test is about.
 */
import type {
  AdvocatePayoutListReply,
  AdvocatePayoutView,
  PayoutPreviewReply,
  RefusedReportListReply,
  RefusedReportView,
  ReviewDetail,
  ReviewSummary,
  ActiveRoleReply,
  ApiKeyView,
  BrandListReply,
  BrandReply,
  BrandView,
  BrandCampaignsReply,
  CampaignStats,
  CampaignView,
  CampaignWriteReply,
  CreatedApiKeyReply,
  ConversionReply,
  CreatePayoutsReply,
  ConversionView,
  CreateBrandReply,
  DeleteUserReply,
  EarningEntry,
  EarningsListReply,
  EarningsSummary,
  ErrorReply,
  JoinReply,
  LoginReply,
  MeReply,
  MyLinksReply,
  NotificationPreferences,
  PayoutListReply,
  PayoutMethodListReply,
  PayoutMethodReply,
  PayoutReply,
  PayoutSettings,
  PayoutSettingsReply,
  FraudSettings,
  PayoutSummary,
  PayoutView,
  ReviewItem,
  ReviewListReply,
  ReviewReply,
  BrandNotFoundReply,
  PayoutMethodView,
  ProfileView,
  ProductListReply,
  ProductReply,
  ProductView,
  ProductWriteReply,
  RegisterReply,
  StatusReply,
  UpdateUserReply,
  UserView,
} from 'contract';
import type { ErrorStatus } from './fakeApi';

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
    brand_roles: [{ brand_id: 3, role: 'owner', two_factor_required: false }],
    two_factor_enabled: false,
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
    slug: 'acme-coffee',
    logo: null,
    application_questions: [],
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

/** The defaults a brand's fraud settings have until saved. */
export function aFraudSettings(overrides: Partial<FraudSettings> = {}): FraudSettings {
  return {
    publishable_keys: true,
    attribution_window_days: 90,
    max_order_value: 10_000,
    rules: {
      self_referral: true,
      visitor_velocity: true,
      paid_ads: true,
      duplicate_payout: true,
      disposable_email: true,
    },
    visitor_daily_max: 3,
    address_hourly_max: 20,
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
    event_rewards: {},
    recurring_months: null,
    forbid_paid_ads: false,
    join_mode: 'open',
    auto_approve: false,
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

/** POST token/: a brand owner signed in (token 'token-1'). */
export function aLogin(overrides: Partial<LoginReply> = {}): LoginReply {
  return {
    access: 'token-1',
    token: 'token-1',
    user_id: 7,
    roles: ['Brand Owner'],
    active_role: 'brand_owner',
    ...overrides,
  };
}

/** POST user/register/: a new account, signed in, without roles yet. */
export function aRegistration(overrides: Partial<RegisterReply> = {}): RegisterReply {
  return {
    access: 'new-token',
    token: 'new-token',
    user_id: 9,
    roles: [],
    active_role: null,
    message: 'Registration successful',
    ...overrides,
  };
}

/** The reply of every role call (set active, upgrade, remove): the roles after it. */
export function rolesAfter(overrides: Partial<ActiveRoleReply> = {}): ActiveRoleReply {
  return {
    status: 'success',
    message: 'ok',
    roles: ['Brand Owner'],
    active_role: 'brand_owner',
    ...overrides,
  };
}

/** An advocate's profile as GET advocate/profile/ sends it (no picture). */
export function aProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    full_name: 'Ada Obi',
    description: '',
    email: 'ada@example.test',
    telephone: '',
    picture_url: null,
    website_url: '',
    instagram_url: '',
    x_url: '',
    tiktok_url: '',
    youtube_url: '',
    updated_at: null,
    ...overrides,
  };
}

/** Notification preferences of a user who never saved any. */
export function somePreferences(
  overrides: Partial<NotificationPreferences> = {},
): NotificationPreferences {
  return { in_app: true, email: true, sms: false, push: false, chat: true, ...overrides };
}

export function aPayoutMethod(overrides: Partial<PayoutMethodView> = {}): PayoutMethodView {
  return {
    id: 1,
    type: 'paypal',
    paypal_email: 'ada@pay.example',
    account_holder: null,
    bank_name: null,
    account_number: null,
    bank_code: null,
    bank_country: null,
    is_default: true,
    created_at: CREATED,
    ...overrides,
  };
}

/** A sale the sdk reported (POST sdk-log-conversion/). */
export function aConversion(overrides: Partial<ConversionView> = {}): ConversionView {
  return {
    id: 70,
    conversion_ref: 'order-70',
    campaign_id: 11,
    advocate_id: 21,
    product_id: null,
    event_type: 'purchase',
    value: 100,
    currency: 'USD',
    reward_amount: 10,
    status: 'approved',
    created_at: CREATED,
    ...overrides,
  };
}

/** A reward on an advocate's earnings list: paid out in payout 5. */
export function anEarning(overrides: Partial<EarningEntry> = {}): EarningEntry {
  return {
    id: 1,
    kind: 'reward',
    conversion_id: 9,
    conversion_ref: 'order-9',
    created_at: CREATED,
    event_type: 'purchase',
    campaign_id: 11,
    campaign_name: 'Spring Launch',
    brand_name: 'Acme',
    value: 100,
    refunded_value: 0,
    amount: 10,
    currency: 'USD',
    status: 'paid',
    payout: { id: 5, status: 'successful', date: CREATED },
    renewal_number: null,
    customer: null,
    rejection_reason: null,
    ...overrides,
  };
}

/** One page of a money list (earnings, payouts, review), ten rows a page. */
export function aMoneyPage(total: number, page = 1) {
  return { total, page, pages: Math.max(1, Math.ceil(total / 10)) };
}

/** A brand's payouts screen: two advocates owed money, one without a payout method. */
export function aPayoutSummary(overrides: Partial<PayoutSummary> = {}): PayoutSummary {
  return {
    balance: [
      { currency: 'EUR', amount: 12 },
      { currency: 'USD', amount: 21 },
    ],
    next_payout: { totals: [{ currency: 'EUR', amount: 12 }], advocates: 1 },
    previous_payout: null,
    advocates: [
      {
        advocate_id: 42,
        advocate: 'ada',
        email: 'ada@example.test',
        currency: 'EUR',
        amount: 12,
        due: true,
        has_method: true,
      },
      {
        advocate_id: 7,
        advocate: 'bo',
        email: 'bo@example.test',
        currency: 'USD',
        amount: 15,
        due: true,
        has_method: false,
      },
    ],
    settings: { hold_days: 30, payout_minimum: 10 },
    ...overrides,
  };
}

export function aPayout(overrides: Partial<PayoutView> = {}): PayoutView {
  return {
    id: 5,
    advocate_id: 42,
    advocate: 'ada',
    email: 'ada@example.test',
    payment_type: 'PayPal',
    method: 'ada@pay.example',
    amount: 12,
    currency: 'EUR',
    date: '2030-01-02T10:00:00.000Z',
    status: 'pending',
    rewards: 2,
    failure_reason: null,
    ...overrides,
  };
}

/** A preview of "create payouts": ada is paid in EUR, bo has no payout method. */
export function aPayoutPreview(overrides: Partial<PayoutPreviewReply> = {}): PayoutPreviewReply {
  return {
    preview_id: 'pvw_1',
    created_at: '2030-01-02T10:00:00.000Z',
    totals: [{ currency: 'EUR', amount: 12 }],
    payouts: [
      {
        advocate_id: 42,
        advocate: 'ada',
        email: 'ada@example.test',
        currency: 'EUR',
        amount: 12,
        payment_type: 'PayPal',
        method: 'ada@pay.example',
        rewards: 2,
      },
    ],
    blocked: [
      {
        advocate_id: 7,
        advocate: 'bo',
        email: 'bo@example.test',
        currency: 'USD',
        amount: 15,
        reason: 'no_method',
        message: 'No payout method',
      },
    ],
    ...overrides,
  };
}

/** A browser report refused above the product's price × quantity. */
export function aRefusedReport(overrides: Partial<RefusedReportView> = {}): RefusedReportView {
  return {
    id: 1,
    conversion_ref: 'order-99',
    reason: 'over_price_cap',
    message: "value 120.00 is more than the product's price × quantity (60.00 USD)",
    value: 120,
    currency: 'USD',
    quantity: 1,
    campaign_id: 11,
    campaign_title: 'Spring Launch',
    advocate_id: 42,
    advocate: 'ada',
    created_at: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
}

/** One of an advocate's payouts. */
export function anAdvocatePayout(overrides: Partial<AdvocatePayoutView> = {}): AdvocatePayoutView {
  return {
    id: 5,
    brand_id: 3,
    brand_name: 'Acme',
    amount: 12,
    currency: 'EUR',
    status: 'pending',
    payment_type: 'PayPal',
    method: 'ada@pay.example',
    created_at: '2030-01-02T10:00:00.000Z',
    sent_at: null,
    completed_at: null,
    failure_reason: null,
    ...overrides,
  };
}

/** A sale waiting for the brand's review. */
export function aReviewItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    conversion_id: 9,
    conversion_ref: 'order-9',
    campaign_id: 11,
    campaign_title: 'Spring Launch',
    advocate_id: 42,
    advocate: 'ada',
    email: 'ada@example.test',
    event_type: 'purchase',
    value: 100,
    refunded_value: 0,
    currency: 'USD',
    reward_amount: 10,
    refunded_reward: 0,
    renewal_number: null,
    needs_review: true,
    status: 'held',
    conversion_status: 'pending',
    rejection_reason: null,
    hold_reasons: ['publishable_key'],
    reported_with: 'publishable',
    created_at: '2030-01-01T12:00:00.000Z',
    hold_ends_at: '2030-01-31T12:00:00.000Z',
    ...overrides,
  };
}

/** A fake reply whose body is typed by the contract (status 200 unless given). */
const typed =
  <T>() =>
  (body: T, status?: 200 | 201): { status?: 200 | 201; body: T } => ({ status, body });

/** Replies in the exact envelopes the server sends, one builder per reply schema. */
export const replies = {
  /** A failed call as the server answers it: the error envelope. */
  failure: (
    status: ErrorStatus,
    detail = 'Something went wrong',
    errors?: ErrorReply['errors'],
  ) => ({
    status,
    body: errors ? { detail, errors } : { detail },
  }),
  /** A failed call whose reply has no body (a proxy or a crashed server in the way). */
  bodiless: (status: ErrorStatus) => ({ status }),
  /** A failed call answered with an HTML page instead of JSON (a proxy's error page). */
  htmlPage: (status: ErrorStatus, html = '<html>Bad gateway</html>') => ({ status, html }),
  status: (message = 'ok') => typed<StatusReply>()({ status: 'success', message }),
  login: (login: LoginReply = aLogin()) => typed<LoginReply>()(login),
  registered: (registration: RegisterReply = aRegistration()) =>
    typed<RegisterReply>()(registration, 201),
  roles: (after: ActiveRoleReply = rolesAfter()) => typed<ActiveRoleReply>()(after),
  userUpdated: (user: UserView, message = 'Profile updated') =>
    typed<UpdateUserReply>()({ data: user, message }),
  userDeleted: (userId: number, message = 'User deleted') =>
    typed<DeleteUserReply>()({ status: 'success', user_id: userId, message }),
  me: (user: UserView = aUser()) => typed<MeReply>()({ data: user }),
  brandList: (brands: BrandView[]) => typed<BrandListReply>()({ status: 'success', brands }),
  brand: (brand: BrandView) => typed<BrandReply>()({ status: 'success', brand }),
  brandCreated: (
    brand: BrandView,
    message = 'Brand created',
    roles: CreateBrandReply['roles'] = ['Brand Owner'],
  ) =>
    typed<CreateBrandReply>()(
      { status: 'success', message, brand, roles, active_role: 'brand_owner' },
      201,
    ),
  productList: (products: ProductView[], count = products.length) =>
    typed<ProductListReply>()({ status: 'success', data: { products, count } }),
  product: (product: ProductView) =>
    typed<ProductReply>()({ status: 'success', data: { product } }),
  productWritten: (product: ProductView, message = 'Product saved', status?: 200 | 201) =>
    typed<ProductWriteReply>()({ status: 'success', message, data: { product } }, status),
  brandCampaigns: (campaigns: CampaignView[]) =>
    typed<BrandCampaignsReply>()({ status: 'success', campaigns }),
  campaignList: (campaigns: CampaignView[]) => typed<CampaignView[]>()(campaigns),
  campaign: (campaign: CampaignView) => typed<CampaignView>()(campaign),
  campaignWritten: (campaign: CampaignView, message = 'Campaign saved', status?: 200 | 201) =>
    typed<CampaignWriteReply>()({ status: 'success', message, campaign }, status),
  campaignStats: (stats: CampaignStats) => typed<CampaignStats>()(stats),
  joined: (reply: JoinReply, status: 200 | 201 = 201) => typed<JoinReply>()(reply, status),
  conversion: (conversion: ConversionView = aConversion(), duplicate = false) =>
    typed<ConversionReply>()({ status: 'success', duplicate, conversion }, 201),
  myLinks: (shareLinks: MyLinksReply['share_links'], joined = shareLinks.length > 0) =>
    typed<MyLinksReply>()({ joined, application: null, share_links: shareLinks }),
  profile: (profile: ProfileView = aProfile()) => typed<ProfileView>()(profile),
  preferences: (preferences: NotificationPreferences = somePreferences()) =>
    typed<NotificationPreferences>()(preferences),
  payoutMethods: (methods: PayoutMethodView[]) =>
    typed<PayoutMethodListReply>()({ results: methods }),
  payoutMethod: (method: PayoutMethodView, status?: 200 | 201) =>
    typed<PayoutMethodReply>()({ status: 'success', method }, status),
  earningsSummary: (
    totals: EarningsSummary['total_earnings'],
    balance: EarningsSummary['current_balance'] = [],
  ) => typed<EarningsSummary>()({ total_earnings: totals, current_balance: balance }),
  earnings: (entries: EarningEntry[], total = entries.length) =>
    typed<EarningsListReply>()({ results: entries, meta: aMoneyPage(total) }),
  brandNotFound: (message = 'Brand not found') => ({
    status: 404 as const,
    body: { status: 'error', message, detail: message } satisfies BrandNotFoundReply,
  }),
  payoutSummary: (summary: PayoutSummary = aPayoutSummary()) => typed<PayoutSummary>()(summary),
  payouts: (payouts: PayoutView[]) =>
    typed<PayoutListReply>()({ results: payouts, meta: aMoneyPage(payouts.length) }),
  review: (items: ReviewItem[]) =>
    typed<ReviewListReply>()({ results: items, meta: aMoneyPage(items.length) }),
  reviewed: (moved: number[], skipped: number[] = []) =>
    typed<ReviewReply>()({ status: 'success', moved, skipped }),
  payoutsCreated: (payouts: PayoutView[], needsMethod: CreatePayoutsReply['needs_method'] = []) =>
    typed<CreatePayoutsReply>()(
      { status: 'success', payouts, needs_method: needsMethod, duplicate: false },
      201,
    ),
  payoutPreview: (preview: PayoutPreviewReply = aPayoutPreview()) =>
    typed<PayoutPreviewReply>()(preview),
  reviewSummary: (summary: Partial<ReviewSummary> = {}) =>
    typed<ReviewSummary>()({
      held: 0,
      pending: 0,
      refused_this_week: { total: 0, by_reason: [] },
      ...summary,
    }),
  reviewDetail: (detail: ReviewDetail) => typed<ReviewDetail>()(detail),
  refusedReports: (reports: RefusedReportView[]) =>
    typed<RefusedReportListReply>()({ results: reports, meta: aMoneyPage(reports.length) }),
  advocatePayouts: (payouts: AdvocatePayoutView[]) =>
    typed<AdvocatePayoutListReply>()({ results: payouts, meta: aMoneyPage(payouts.length) }),
  payout: (payout: PayoutView) => typed<PayoutReply>()({ status: 'success', payout }),
  /** The settings as GET reads them; savedAt null: never saved (the defaults). */
  payoutSettings: (settings: PayoutSettings, savedAt: string | null = null) =>
    typed<PayoutSettingsReply>()({ ...settings, saved_at: savedAt }),
  fraudSettings: (settings: FraudSettings = aFraudSettings()) => typed<FraudSettings>()(settings),
  apiKeyCreated: (key: CreatedApiKeyReply['key'], secret: string) =>
    typed<CreatedApiKeyReply>()({ key, secret }, 201),
  apiKeys: (keys: ApiKeyView[]) => typed<{ keys: ApiKeyView[] }>()({ keys }),
};
