// Database schema (source of truth for drizzle-kit migrations in ../../drizzle).
// Change this file, then run `npx drizzle-kit generate` in server/ and commit the new SQL.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
  jsonb,
} from 'drizzle-orm/pg-core';
import {
  API_KEY_KINDS,
  APPLICATION_STATUSES,
  BRAND_SIZES,
  BRAND_TYPES,
  CAMPAIGN_STATUSES,
  CLICK_SOURCES,
  COMMISSION_TYPES,
  CONVERSION_STATUSES,
  CREDENTIAL_KINDS,
  CURRENCIES,
  DEVICE_CLASSES,
  EVENT_TYPES,
  PAYOUT_METHOD_TYPES,
  PAYOUT_STATUSES,
  PRODUCT_STATUSES,
  REWARD_KINDS,
  REFUSED_REPORT_REASONS,
  REWARD_STATUSES,
  ROLE_CODES,
  JOIN_MODES,
  type ApiKeyKind,
  type ApplicationStatus,
  type JoinMode,
  type BrandSize,
  type BrandType,
  type CampaignStatus,
  type ClickSource,
  type CommissionType,
  type ConversionStatus,
  type CredentialKind,
  type Currency,
  type DeviceClass,
  type EventType,
  type PayoutMethodType,
  type PayoutStatus,
  type ProductStatus,
  type RefusedReportReason,
  type RewardKind,
  type RewardStatus,
  type RoleCode,
} from 'contract/rules';
import {
  AUDIT_ACTOR_KINDS,
  BRAND_ROLES,
  type AuditActorKind,
  type BrandRole,
} from 'contract/teams';
import type { ApplicationAnswer, ApplicationQuestion } from 'contract';

// The vocabularies behind the CHECK constraints are the shared rules the API and forms use too.
export {
  API_KEY_KINDS,
  BRAND_SIZES,
  BRAND_TYPES,
  CAMPAIGN_STATUSES,
  CLICK_SOURCES,
  COMMISSION_TYPES,
  CONVERSION_STATUSES,
  CREDENTIAL_KINDS,
  CURRENCIES,
  DEVICE_CLASSES,
  EVENT_TYPES,
  PAYOUT_METHOD_TYPES,
  PAYOUT_STATUSES,
  PRODUCT_STATUSES,
  REWARD_KINDS,
  REWARD_STATUSES,
  ROLE_CODES,
};
export type {
  ApiKeyKind,
  BrandSize,
  BrandType,
  CampaignStatus,
  ClickSource,
  CommissionType,
  ConversionStatus,
  CredentialKind,
  Currency,
  DeviceClass,
  EventType,
  PayoutMethodType,
  PayoutStatus,
  ProductStatus,
  RefusedReportReason,
  RewardKind,
  RewardStatus,
  RoleCode,
};

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Role codes as stored; the API shows them as 'Brand Owner' / 'Advocate' (see features/roles/roles.ts). */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and lower-cased, which makes the unique index case-insensitive. */
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 150 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    verifiedAt: timestamptz('verified_at'),
    dateJoined: timestamptz('date_joined').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<RoleCode>().notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('brand_owner', 'advocate')`),
  ],
);

/**
 * A login session = one refresh-token family. Its id is the `sid` claim of every access token
 * issued in it, so revoking the session also stops its access tokens, and the active role is
 * per session (one person may act as brand in one browser and advocate in another).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeRole: text('active_role').$type<RoleCode>(),
    createdAt: timestamptz('created_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_active_role_check', sql`${t.activeRole} in ('brand_owner', 'advocate')`),
  ],
);

/** Refresh tokens, stored only as sha256 hashes. `rotatedAt` set = already used: a replay. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const OTP_PURPOSES = ['verify', 'reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** One-time codes for email verification and password reset, stored as keyed hashes. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    index('otp_codes_user_purpose_idx').on(t.userId, t.purpose),
    check('otp_codes_purpose_check', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

/** `col in ('a', 'b')` for a check constraint over one of the vocabularies above. */
const oneOf = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Money as numeric(15,3): exact thousandths in the database (KWD's fils; every other currency's
 * minor unit is coarser), a JS number in and out (mode 'number'). Migration 0026.
 */
const money = (name: string) => numeric(name, { precision: 15, scale: 3, mode: 'number' });

/**
 * Uploaded files (brand CAC documents, campaign videos). The bytes live in DATA_DIR/uploads under
 * `name`, which is random (never the client's file name); content_type is what sniffing found.
 */
export const uploads = pgTable(
  'uploads',
  {
    name: varchar('name', { length: 64 }).primaryKey(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  // Every upload sums its uploader's files for the quota (features/files/quota.ts).
  (t) => [index('uploads_uploaded_by_idx').on(t.uploadedBy)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    brandName: varchar('brand_name', { length: 255 }).notNull(),
    brandType: text('brand_type').$type<BrandType>(),
    brandSize: text('brand_size').$type<BrandSize>(),
    phoneNo: varchar('phone_no', { length: 32 }),
    websiteUrl: varchar('website_url', { length: 2048 }),
    instagramUrl: varchar('instagram_url', { length: 2048 }),
    discordUrl: varchar('discord_url', { length: 2048 }),
    xUrl: varchar('x_url', { length: 2048 }),
    description: text('description'),
    cacFile: varchar('cac_file', { length: 64 }).references(() => uploads.name),
    createdAt: timestamptz('created_at').notNull(),
    /** Set by an owner: members without two-factor sign-in cannot open the brand. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /**
     * The program page's address, /programs/{slug} (contract rules' PATTERNS.slug). Set at
     * creation from the name; null only for rows inserted without one (tests).
     */
    slug: varchar('slug', { length: 48 }),
    logo: varchar('logo', { length: 64 }).references(() => uploads.name),
    /** Up to 5 questions an applicant answers on the program page (null: none). */
    applicationQuestions: jsonb('application_questions').$type<ApplicationQuestion[]>(),
  },
  (t) => [
    uniqueIndex('brands_slug_key').on(t.slug),
    check('brands_slug_check', sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{1,46}[a-z0-9])$'`),
    // brand/list/ and user/me brand_ids: a user's brands in creation order.
    index('brands_owner_idx').on(t.ownerId, t.id),
    check('brands_brand_type_check', sql`${t.brandType} in (${oneOf(BRAND_TYPES)})`),
    check('brands_brand_size_check', sql`${t.brandSize} in (${oneOf(BRAND_SIZES)})`),
  ],
);

/** Soft-deleted (deleted_at set) products stay for statistics and earnings; every read filters them. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: varchar('name', { length: 255 }).notNull(),
    uniqueId: varchar('unique_id', { length: 255 }),
    sourceProductId: varchar('source_product_id', { length: 255 }),
    description: text('description'),
    price: money('price').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<ProductStatus>().notNull(),
    imageUrl: varchar('image_url', { length: 2048 }),
    productUrl: varchar('product_url', { length: 2048 }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    // brand/{id}/products/ newest first, with and without the status filter; partial on live rows
    // because every read excludes soft-deleted ones.
    index('products_brand_created_idx')
      .on(t.brandId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_brand_status_created_idx')
      .on(t.brandId, t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('products_price_check', sql`${t.price} > 0`),
    check('products_currency_check', sql`${t.currency} in (${oneOf(CURRENCIES)})`),
    check('products_status_check', sql`${t.status} in (${oneOf(PRODUCT_STATUSES)})`),
  ],
);

/** Soft-deleted like products: conversions and rewards will keep pointing at old campaigns. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    /** The public id (share links, SDK): random, unique. */
    publicId: varchar('public_id', { length: 32 }).notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    title: varchar('title', { length: 255 }),
    category: varchar('category', { length: 255 }),
    description: text('description'),
    targetCustomers: text('target_customers'),
    location: varchar('location', { length: 255 }),
    gender: varchar('gender', { length: 64 }),
    ageRange: varchar('age_range', { length: 64 }),
    budgetLimit: money('budget_limit'),
    productUrl: varchar('product_url', { length: 2048 }),
    duration: integer('duration'),
    status: text('status').$type<CampaignStatus>().notNull().default('active'),
    video: varchar('video', { length: 64 }).references(() => uploads.name),
    commissionType: text('commission_type').$type<CommissionType>().notNull().default('percentage'),
    commissionValue: money('commission_value').notNull().default(0),
    /**
     * Running total of the rewards granted, kept while the campaign has a budget_limit (recomputed
     * from the ledger when one is set). The cap is enforced by one atomic update of this column
     * under the row lock (conversions/repository.ts), so concurrent conversions cannot overspend and
     * the check never sums the ledger.
     */
    rewardsTotal: money('rewards_total').notNull().default(0),
    /** Per event type, a rule that overrides commission_type/value (null: the one rule for all). */
    eventRewards: jsonb('event_rewards').$type<EventRewardRules>(),
    /**
     * Which renewals pay: null every one, 0 none (only the first payment), N those paid within N
     * months of the customer's first payment.
     */
    recurringMonths: integer('recurring_months'),
    /** Clicks that came from bought ads (gclid, fbclid, …) hold their conversions (docs/fraud.md). */
    forbidPaidAds: boolean('forbid_paid_ads').notNull().default(false),
    /** open (join at once), application (the brand approves) or invite_only. */
    joinMode: text('join_mode').$type<JoinMode>().notNull().default('open'),
    /** Applications are approved at once when the email is verified and no fraud rule matches. */
    autoApprove: boolean('auto_approve').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('campaigns_public_id_key').on(t.publicId),
    // brand/{id}/campaigns/ newest first.
    index('campaigns_brand_created_idx')
      .on(t.brandId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // campaign/list/: live campaigns of one status across brands, newest first.
    index('campaigns_status_created_idx')
      .on(t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('campaigns_status_check', sql`${t.status} in (${oneOf(CAMPAIGN_STATUSES)})`),
    check('campaigns_join_mode_check', sql`${t.joinMode} in (${oneOf(JOIN_MODES)})`),
    check(
      'campaigns_commission_type_check',
      sql`${t.commissionType} in (${oneOf(COMMISSION_TYPES)})`,
    ),
    check(
      'campaigns_commission_value_check',
      sql`${t.commissionValue} >= 0 and (${t.commissionType} <> 'percentage' or ${t.commissionValue} <= 100)`,
    ),
    check('campaigns_duration_check', sql`${t.duration} >= 1`),
    check('campaigns_budget_limit_check', sql`${t.budgetLimit} >= 0`),
    check(
      'campaigns_recurring_months_check',
      sql`${t.recurringMonths} >= 0 and ${t.recurringMonths} <= 120`,
    ),
  ],
);

/** Which products a campaign promotes. Rows stay when either side is soft-deleted (history). */
export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.productId] }),
    index('campaign_products_product_idx').on(t.productId),
  ],
);

/** An advocate's membership of a campaign (POST join-campaign/). */
export const campaignJoins = pgTable(
  'campaign_joins',
  {
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** Where the join came from ('advocate UI', 'sdk tester'…): free text for analytics. */
    source: varchar('source', { length: 100 }),
    joinedAt: timestamptz('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.advocateId, t.campaignId] }),
    // Campaign stats: the campaign's advocates in join order.
    index('campaign_joins_campaign_idx').on(t.campaignId, t.joinedAt),
  ],
);

/**
 * An advocate's application to join a campaign whose join_mode is application (or the program
 * page's Apply). Approving it makes the campaign_joins row; group_id is the brand's group the
 * advocate was approved into (advocate_groups, when the brand uses groups).
 */
export const campaignApplications = pgTable(
  'campaign_applications',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    answers: jsonb('answers').$type<ApplicationAnswer[]>().notNull().default([]),
    /** Why it was rejected (shown to the advocate). */
    reason: text('reason'),
    groupId: integer('group_id'),
    autoApproved: boolean('auto_approved').notNull().default(false),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('campaign_applications_campaign_advocate_key').on(t.campaignId, t.advocateId),
    // brand/{id}/applications/?status=: one brand's applications of a status, oldest first.
    index('campaign_applications_brand_status_idx').on(t.brandId, t.status, t.createdAt, t.id),
    index('campaign_applications_advocate_idx').on(t.advocateId),
    check(
      'campaign_applications_status_check',
      sql`${t.status} in (${oneOf(APPLICATION_STATUSES)})`,
    ),
  ],
);
export type CampaignApplicationRow = typeof campaignApplications.$inferSelect;

/**
 * A brand's emailed invitation of one address to one campaign (bulk invite): the token is stored
 * as its sha256, used once; accepting joins the campaign whatever its join mode.
 */
export const advocateInvitations = pgTable(
  'advocate_invitations',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('advocate_invitations_token_key').on(t.tokenHash),
    index('advocate_invitations_brand_idx').on(t.brandId, t.createdAt),
    // invite_only joins: is this advocate's email invited to the campaign?
    index('advocate_invitations_campaign_email_idx').on(t.campaignId, t.email),
  ],
);
export type AdvocateInvitationRow = typeof advocateInvitations.$inferSelect;

/**
 * One share link per (advocate, campaign, product); product_id null for a campaign without
 * products (the link leads to the campaign's product_url). The code is the link's only public
 * name: random, never derived from ids.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    productId: integer('product_id').references(() => products.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('share_links_code_key').on(t.code),
    // NULLS NOT DISTINCT: the product-less link of a campaign is unique too (PostgreSQL 15+).
    unique('share_links_advocate_campaign_product_key')
      .on(t.advocateId, t.campaignId, t.productId)
      .nullsNotDistinct(),
    index('share_links_campaign_idx').on(t.campaignId),
  ],
);

/**
 * Counted clicks on share links, written in batches by the click buffer. The ids after link_id
 * are copies of the link's, so statistics never join through share_links. visitor_hash is a
 * keyed hash of IP + user agent: the raw IP is never stored.
 *
 * Partitioned by month of created_at (UTC) in the database (migration 0009; drizzle does not
 * model partitioning): clicks_YYYY_MM per month and clicks_default for anything outside them.
 * features/click-partitions creates the coming months' partitions and drops the months past
 * CLICK_RETENTION_MONTHS.
 */
export const clicks = pgTable(
  'clicks',
  {
    /**
     * The `cid` put into the redirect URL; conversions attribute by it. Starts with the time, so
     * new keys land at the end of the primary key index instead of on random pages.
     */
    clickId: varchar('click_id', { length: 32 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    // No foreign key: each would cost a lookup per click. These ids come from the share link
    // the redirect resolved, and share links are never deleted.
    linkId: integer('link_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    productId: integer('product_id'),
    advocateId: integer('advocate_id').notNull(),
    brandId: integer('brand_id').notNull(),
    source: text('source').$type<ClickSource>().notNull(),
    referrerHost: varchar('referrer_host', { length: 255 }),
    device: text('device').$type<DeviceClass>().notNull(),
    visitorHash: varchar('visitor_hash', { length: 64 }).notNull(),
  },
  // Every index is paid for on every click (the hottest write), and no query needs one: the
  // statistics read the rollups, a conversion finds its click by the key, and the rebuild and
  // retention read whole months. A (campaign, time) index for campaign visitors cost a third of
  // the database time per click on PGlite; campaign_visitor_sketches answer that instead.
  //
  // The primary key must contain the partition key (created_at). click_id is still unique alone:
  // a click id begins with its time in ms (newClickId), so equal ids mean equal times, one
  // partition and a collision on this key.
  (t) => [
    primaryKey({ columns: [t.clickId, t.createdAt] }),
    check('clicks_source_check', sql`${t.source} in (${oneOf(CLICK_SOURCES)})`),
    check('clicks_device_check', sql`${t.device} in (${oneOf(DEVICE_CLASSES)})`),
  ],
);

/**
 * One row: a counter that triggers on campaigns, products and brands bump whenever an edit
 * changes where a share link leads or whether it counts (migration 0008). Each instance's link
 * cache polls it (features/redirects/link-resolver.ts).
 */
export const linkTargetsVersion = pgTable('link_targets_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * One row, written when click retention first drops raw clicks: every raw click from kept_from on
 * is stored. Rollups of earlier buckets can no longer be recomputed from raw clicks: only the
 * buckets from kept_from on can be (features/click-partitions). No row: nothing was ever dropped.
 */
export const rawClicksHorizon = pgTable(
  'raw_clicks_horizon',
  {
    id: boolean('id').primaryKey().default(true),
    keptFrom: timestamptz('kept_from').notNull(),
  },
  (t) => [check('raw_clicks_horizon_single_row', sql`${t.id}`)],
);

/** Brand API keys for conversion reporting, stored as sha256 of the full key (shown once). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    /** The first characters of the key, to tell keys apart in lists. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    index('api_keys_brand_created_idx').on(t.brandId, t.createdAt),
    check('api_keys_kind_check', sql`${t.kind} in (${oneOf(API_KEY_KINDS)})`),
  ],
);

/** Mirrors the reward's review (pending, approved, rejected); refunded ones count nowhere. */

/** Reported conversions; (brand_id, conversion_ref) is the brand's idempotency key. */
export const conversions = pgTable(
  'conversions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id').references(() => products.id),
    linkId: integer('link_id').references(() => shareLinks.id),
    clickId: varchar('click_id', { length: 32 }),
    conversionRef: varchar('conversion_ref', { length: 200 }).notNull(),
    eventType: text('event_type').$type<EventType>().notNull(),
    value: money('value').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    rewardAmount: money('reward_amount').notNull(),
    status: text('status').$type<ConversionStatus>().notNull(),
    /** Which kind of credential reported it (publishable reports await the brand's review). */
    reportedWith: text('reported_with').$type<CredentialKind>().notNull(),
    sessionId: varchar('session_id', { length: 200 }),
    source: text('source').$type<ClickSource>().notNull().default('direct'),
    /**
     * The key its customer is remembered by (brand_customers): a Stripe customer id, or the SDK's
     * customer id or email. Renewals and later sales of the customer follow its attribution.
     */
    customerKey: varchar('customer_key', { length: 255 }),
    /** For a subscription_renewal: which renewal of the subscription (1 = the first after the first payment). */
    renewalNumber: integer('renewal_number'),
    createdAt: timestamptz('created_at').notNull(),
    // What the fraud rules read (features/fraud), as keyed hashes: the click's visitor, the
    // reporting browser's address (publishable keys only) and the customer's email.
    visitorHash: varchar('visitor_hash', { length: 64 }),
    clientHash: varchar('client_hash', { length: 64 }),
    customerEmailHash: varchar('customer_email_hash', { length: 64 }),
    /** The merchant's id of the customer, as sent (`customer.id`). */
    customerRef: varchar('customer_ref', { length: 200 }),
    /** The part of `value` refunded so far (lists and statistics show the sale net of it). */
    refundedValue: money('refunded_value').notNull().default(0),
    /** The part of `reward_amount` refunds took back (before or after payment). */
    refundedReward: money('refunded_reward').notNull().default(0),
    /** The customer's country (ISO 3166-1 alpha-2) where the reporter gave it (group rules' condition). */
    customerCountry: varchar('customer_country', { length: 2 }),
  },
  (t) => [
    uniqueIndex('conversions_brand_ref_key').on(t.brandId, t.conversionRef),
    // The velocity rules: one visitor's, one address's conversions of the last day or hour.
    index('conversions_visitor_created_idx')
      .on(t.visitorHash, t.createdAt)
      .where(sql`${t.visitorHash} is not null`),
    index('conversions_client_created_idx')
      .on(t.clientHash, t.createdAt)
      .where(sql`${t.clientHash} is not null`),
    index('conversions_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('conversions_advocate_created_idx').on(t.advocateId, t.createdAt),
    index('conversions_brand_created_idx').on(t.brandId, t.createdAt, t.id),
    // A customer's renewals (their number) and later sales.
    index('conversions_brand_customer_key_idx')
      .on(t.brandId, t.customerKey)
      .where(sql`${t.customerKey} is not null`),
    check('conversions_source_check', sql`${t.source} in (${oneOf(CLICK_SOURCES)})`),
    check('conversions_event_type_check', sql`${t.eventType} in (${oneOf(EVENT_TYPES)})`),
    check('conversions_status_check', sql`${t.status} in (${oneOf(CONVERSION_STATUSES)})`),
    check(
      'conversions_reported_with_check',
      sql`${t.reportedWith} in (${oneOf(CREDENTIAL_KINDS)})`,
    ),
    check('conversions_value_check', sql`${t.value} >= 0`),
    check('conversions_reward_check', sql`${t.rewardAmount} >= 0`),
  ],
);

/**
 * The advocates' ledger: one reward per conversion, plus a clawback per conversion refunded
 * after payment. Balances and earnings are sums over it, never stored twice; every change of
 * status is in reward_moves (features/ledger).
 */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    conversionId: integer('conversion_id')
      .notNull()
      .references(() => conversions.id),
    campaignId: integer('campaign_id').notNull(),
    brandId: integer('brand_id').notNull(),
    kind: text('kind').$type<RewardKind>().notNull().default('reward'),
    amount: money('amount').notNull(),
    /** The conversion's currency: amounts are only ever added within one currency. */
    currency: varchar('currency', { length: 3 }).notNull(),
    status: text('status').$type<RewardStatus>().notNull(),
    /** The payout that paid it (set exactly while status is paid). */
    payoutId: integer('payout_id').references(() => payouts.id),
    createdAt: timestamptz('created_at').notNull(),
    /** Why a held reward waits for a person: the fraud rules' names (features/fraud). */
    holdReasons: text('hold_reasons').array(),
    /** The advocate's group's hold period when it was made (null: the brand's; features/groups). */
    holdDays: integer('hold_days'),
  },
  (t) => [
    // One reward per conversion; a refund in steps (partial refunds after payout) leaves one
    // clawback per step.
    uniqueIndex('rewards_conversion_reward_key')
      .on(t.conversionId)
      .where(sql`${t.kind} = 'reward'`),
    index('rewards_conversion_idx').on(t.conversionId, t.kind),
    index('rewards_advocate_status_idx').on(t.advocateId, t.status, t.createdAt),
    // The brand's review list, payouts and balances.
    index('rewards_brand_status_idx').on(t.brandId, t.status, t.createdAt),
    // The hold-expiry job.
    index('rewards_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('rewards_payout_idx')
      .on(t.payoutId)
      .where(sql`${t.payoutId} is not null`),
    check('rewards_status_check', sql`${t.status} in (${oneOf(REWARD_STATUSES)})`),
    check('rewards_kind_check', sql`${t.kind} in (${oneOf(REWARD_KINDS)})`),
    check(
      'rewards_amount_check',
      sql`(${t.kind} = 'reward' and ${t.amount} >= 0) or (${t.kind} = 'clawback' and ${t.amount} <> 0)`,
    ),
    check('rewards_paid_payout_check', sql`(${t.status} = 'paid') = (${t.payoutId} is not null)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ClickRow = typeof clicks.$inferInsert;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ConversionRow = typeof conversions.$inferSelect;

// --- Advocate profiles and notification preferences (features/profiles, features/preferences) ---

/**
 * What an advocate tells brands about themselves (settings → Profile). One row per user, made on
 * the first save; until then the profile is derived from the account (name and email).
 * `picture` is a stored upload (an image by content).
 */
export const advocateProfiles = pgTable('advocate_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: varchar('full_name', { length: 150 }),
  description: text('description'),
  email: varchar('email', { length: 254 }),
  telephone: varchar('telephone', { length: 32 }),
  picture: varchar('picture', { length: 64 }).references(() => uploads.name),
  websiteUrl: varchar('website_url', { length: 2048 }),
  instagramUrl: varchar('instagram_url', { length: 2048 }),
  xUrl: varchar('x_url', { length: 2048 }),
  tiktokUrl: varchar('tiktok_url', { length: 2048 }),
  youtubeUrl: varchar('youtube_url', { length: 2048 }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Notification channels a user wants; no row = the defaults (in-app, email and chat on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inApp: boolean('in_app').notNull().default(true),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(false),
  push: boolean('push').notNull().default(false),
  chat: boolean('chat').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull(),
});

export type AdvocateProfileRow = typeof advocateProfiles.$inferSelect;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;

// --- Money: payout settings, payout methods, payouts, ledger moves (features/ledger, review,
// refunds, payouts, payout-methods) ---

/** A brand's money settings; no row = the defaults (hold 30 days, payout minimum 10.00). */
export const brandPayoutSettings = pgTable(
  'brand_payout_settings',
  {
    brandId: integer('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    holdDays: integer('hold_days').notNull().default(30),
    payoutMinimum: money('payout_minimum').notNull().default(10),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check(
      'brand_payout_settings_hold_days_check',
      sql`${t.holdDays} >= 0 and ${t.holdDays} <= 365`,
    ),
    check('brand_payout_settings_payout_minimum_check', sql`${t.payoutMinimum} >= 0`),
  ],
);

/**
 * A brand's fraud settings (features/fraud, docs/fraud.md); no row = the defaults: publishable
 * keys on, 90-day attribution window, orders up to 10,000, every rule on.
 */
export const brandFraudSettings = pgTable(
  'brand_fraud_settings',
  {
    brandId: integer('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    publishableKeys: boolean('publishable_keys').notNull().default(true),
    attributionWindowDays: integer('attribution_window_days').notNull().default(90),
    maxOrderValue: money('max_order_value').notNull().default(10000),
    selfReferral: boolean('self_referral').notNull().default(true),
    visitorVelocity: boolean('visitor_velocity').notNull().default(true),
    paidAds: boolean('paid_ads').notNull().default(true),
    duplicatePayout: boolean('duplicate_payout').notNull().default(true),
    disposableEmail: boolean('disposable_email').notNull().default(true),
    visitorDailyMax: integer('visitor_daily_max').notNull().default(3),
    addressHourlyMax: integer('address_hourly_max').notNull().default(20),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check(
      'brand_fraud_settings_window_check',
      sql`${t.attributionWindowDays} >= 1 and ${t.attributionWindowDays} <= 365`,
    ),
    check('brand_fraud_settings_max_order_check', sql`${t.maxOrderValue} > 0`),
    check('brand_fraud_settings_visitor_max_check', sql`${t.visitorDailyMax} >= 1`),
    check('brand_fraud_settings_address_max_check', sql`${t.addressHourlyMax} >= 1`),
  ],
);

/** Where an advocate is paid: a PayPal email or bank transfer details; at most one default. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: serial('id').primaryKey(),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<PayoutMethodType>().notNull(),
    paypalEmail: varchar('paypal_email', { length: 254 }),
    accountHolder: varchar('account_holder', { length: 150 }),
    bankName: varchar('bank_name', { length: 150 }),
    /** IBAN or local account number. */
    accountNumber: varchar('account_number', { length: 34 }),
    /** Sort code, routing number or SWIFT/BIC. */
    bankCode: varchar('bank_code', { length: 34 }),
    bankCountry: varchar('bank_country', { length: 2 }),
    /** Keyed hash of the PayPal email or bank account: finds one used by two advocates, never shown. */
    fingerprint: varchar('fingerprint', { length: 64 }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('payout_methods_advocate_idx').on(t.advocateId, t.id),
    index('payout_methods_fingerprint_idx')
      .on(t.fingerprint)
      .where(sql`${t.fingerprint} is not null`),
    uniqueIndex('payout_methods_one_default_key')
      .on(t.advocateId)
      .where(sql`${t.isDefault}`),
    check('payout_methods_type_check', sql`${t.type} in (${oneOf(PAYOUT_METHOD_TYPES)})`),
    check(
      'payout_methods_details_check',
      sql`(${t.type} = 'paypal' and ${t.paypalEmail} is not null) or (${t.type} = 'bank' and ${t.accountHolder} is not null and ${t.accountNumber} is not null)`,
    ),
  ],
);

/** The payout method as it was when a payout was made (kept on the payout). */
export interface PayoutMethodSnapshot {
  type: PayoutMethodType;
  paypal_email: string | null;
  account_holder: string | null;
  bank_name: string | null;
  account_number: string | null;
  bank_code: string | null;
  bank_country: string | null;
}

/** One payment to one advocate in one currency; its rewards point at it (rewards.payout_id). */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    method: jsonb('method').$type<PayoutMethodSnapshot>().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
    completedAt: timestamptz('completed_at'),
    failureReason: text('failure_reason'),
  },
  (t) => [
    index('payouts_brand_created_idx').on(t.brandId, t.createdAt),
    index('payouts_advocate_idx').on(t.advocateId),
    check('payouts_status_check', sql`${t.status} in (${oneOf(PAYOUT_STATUSES)})`),
    check('payouts_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Every change of a reward's status: who (null = the system), when and why. */
export const rewardMoves = pgTable(
  'reward_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    fromStatus: text('from_status').$type<RewardStatus>(),
    toStatus: text('to_status').$type<RewardStatus>().notNull(),
    actorId: integer('actor_id').references(() => users.id),
    reason: text('reason').notNull(),
    payoutId: integer('payout_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('reward_moves_reward_idx').on(t.rewardId, t.id)],
);

/**
 * What "create payouts" showed the brand before it confirmed: the ledger entries each payout
 * would pay (grouped per advocate and currency). Confirming creates payouts from these entries
 * only, once: a second confirmation finds `payout_ids` set and creates nothing.
 */
export const payoutPreviews = pgTable(
  'payout_previews',
  {
    id: varchar('id', { length: 40 })
      .primaryKey()
      .default(sql`'pvw_' || replace(gen_random_uuid()::text, '-', '')`),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** [{ advocate_id, currency, ids }]: the entries of each payout it previewed. */
    entries: jsonb('entries').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    payoutIds: jsonb('payout_ids').$type<number[]>(),
  },
  (t) => [index('payout_previews_brand_created_idx').on(t.brandId, t.createdAt)],
);

/**
 * Browser reports (publishable key) refused at the door, kept so the brand learns of them: what
 * the report claimed and why it was refused; no more about the customer than a conversion keeps.
 */
export const refusedReports = pgTable(
  'refused_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id'),
    advocateId: integer('advocate_id'),
    productId: integer('product_id'),
    conversionRef: varchar('conversion_ref', { length: 200 }).notNull(),
    reason: text('reason').$type<RefusedReportReason>().notNull(),
    /** The refusal as the reporting script was told it. */
    message: text('message').notNull(),
    value: money('value').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('refused_reports_brand_created_idx').on(t.brandId, t.createdAt),
    check('refused_reports_reason_check', sql`${t.reason} in (${oneOf(REFUSED_REPORT_REASONS)})`),
  ],
);

export type RewardRow = typeof rewards.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

// --- Analytics: hourly and daily rollups (features/rollups), kept in the same transaction as the
// click batch and the conversion they count; `npm run rollups:rebuild -w server` rebuilds them
// from the raw events.

/** PostgreSQL bytea (a visitor sketch's bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Share-link impressions per link, hour and source. */
export const linkImpressions = pgTable(
  'link_impressions',
  {
    hour: timestamptz('hour').notNull(),
    linkId: integer('link_id').notNull(),
    source: text('source').$type<ClickSource>().notNull(),
    brandId: integer('brand_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    advocateId: integer('advocate_id').notNull(),
    impressions: integer('impressions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.hour, t.source] })],
);

/** The key every rollup shares: advocate 0 and campaign 0 stand for "all"; grain 'h' or 'd'. */
const rollupKey = {
  brandId: integer('brand_id').notNull(),
  advocateId: integer('advocate_id').notNull(),
  grain: char('grain', { length: 1 }).notNull(),
  bucket: timestamptz('bucket').notNull(),
};

export const clickRollups = pgTable(
  'click_rollups',
  {
    ...rollupKey,
    campaignId: integer('campaign_id').notNull(),
    source: text('source').$type<ClickSource>().notNull(),
    clicks: integer('clicks').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.brandId, t.advocateId, t.grain, t.bucket, t.campaignId, t.source],
    }),
    index('click_rollups_advocate_idx')
      .on(t.advocateId, t.grain, t.bucket)
      .where(sql`${t.advocateId} > 0`),
    index('click_rollups_campaign_idx')
      .on(t.campaignId, t.grain, t.bucket)
      .where(sql`${t.campaignId} > 0`),
  ],
);

export const conversionRollups = pgTable(
  'conversion_rollups',
  {
    ...rollupKey,
    campaignId: integer('campaign_id').notNull(),
    source: text('source').$type<ClickSource>().notNull(),
    eventType: text('event_type').$type<EventType>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    conversions: integer('conversions').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    revenue: numeric('revenue', { precision: 17, scale: 3, mode: 'number' }).notNull().default(0),
    rewards: numeric('rewards', { precision: 17, scale: 3, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [
        t.brandId,
        t.advocateId,
        t.grain,
        t.bucket,
        t.campaignId,
        t.source,
        t.eventType,
        t.currency,
      ],
    }),
    index('conversion_rollups_advocate_idx')
      .on(t.advocateId, t.grain, t.bucket)
      .where(sql`${t.advocateId} > 0`),
    index('conversion_rollups_brand_advocates_idx')
      .on(t.brandId, t.grain, t.bucket)
      .where(sql`${t.advocateId} > 0`),
    index('conversion_rollups_campaign_idx')
      .on(t.campaignId, t.grain, t.bucket)
      .where(sql`${t.campaignId} > 0`),
  ],
);

export const visitorSketches = pgTable(
  'visitor_sketches',
  { ...rollupKey, sketch: bytea('sketch').notNull() },
  (t) => [
    primaryKey({ columns: [t.brandId, t.advocateId, t.grain, t.bucket] }),
    index('visitor_sketches_advocate_idx')
      .on(t.advocateId, t.grain, t.bucket)
      .where(sql`${t.advocateId} > 0`),
  ],
);

/**
 * A campaign's distinct visitors per UTC month (the campaign statistics' `visitors`: the union
 * of its months). Months, not one row per campaign, so the click retention can drop raw clicks
 * and a rebuild still redoes only the months it keeps.
 */
export const campaignVisitorSketches = pgTable(
  'campaign_visitor_sketches',
  {
    campaignId: integer('campaign_id').notNull(),
    bucket: timestamptz('bucket').notNull(),
    sketch: bytea('sketch').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.bucket] })],
);

// --- Events (features/events): the outbox every business event is written to, in the same
// transaction as the change it describes. Webhooks, emails and in-app notifications consume it.

/**
 * One business event. `id` is its stable public id (the webhook-id of every delivery of it);
 * `dispatched_at` is set once the dispatcher has handed it to every consumer, so a restart
 * neither loses nor repeats that step.
 */
export const events = pgTable(
  'events',
  {
    id: varchar('id', { length: 40 })
      .primaryKey()
      .default(sql`'evt_' || replace(gen_random_uuid()::text, '-', '')`),
    type: varchar('type', { length: 40 }).notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The advocate the event is about, when there is one (their notifications). */
    advocateId: integer('advocate_id').references(() => users.id),
    data: jsonb('data').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [
    index('events_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
    index('events_brand_created_idx').on(t.brandId, t.createdAt),
  ],
);

export type EventRow = typeof events.$inferSelect;

// --- Revenue integrations (features/customers, features/integrations): remembered customers and
// Stripe webhooks (issue 27).

/** A campaign's rule per event type (campaigns.event_rewards). */
export type EventRewardRules = Partial<
  Record<EventType, { commission_type: CommissionType; commission_value: number }>
>;

/**
 * A brand's customer, remembered with the advocate and campaign its first conversion was
 * attributed to: later payments of the same customer (renewals, a purchase after a sign-up)
 * follow it without any click id. `label` is the masked email shown to the advocate.
 */
export const brandCustomers = pgTable(
  'brand_customers',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerKey: varchar('customer_key', { length: 255 }).notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    linkId: integer('link_id'),
    clickId: varchar('click_id', { length: 32 }),
    source: text('source').$type<ClickSource>().notNull().default('direct'),
    label: varchar('label', { length: 255 }),
    /** The customer's first payment (the start of a campaign's recurring_months window). */
    firstPaidAt: timestamptz('first_paid_at'),
    /** The subscription was cancelled: no more renewals expected. */
    subscriptionEndedAt: timestamptz('subscription_ended_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerKey] })],
);

export const STRIPE_MODES = ['test', 'live'] as const;
export type StripeMode = (typeof STRIPE_MODES)[number];

/**
 * A brand's Stripe webhook endpoint: its signing secret and, when the brand connected with a
 * restricted key, the key and the endpoint the product created with it, both encrypted
 * (features/integrations/secret-box.ts).
 */
export const stripeConnections = pgTable(
  'stripe_connections',
  {
    brandId: integer('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    webhookSecret: text('webhook_secret').notNull(),
    /** The events that count: the other mode's are recorded and change nothing. */
    mode: text('mode').$type<StripeMode>().notNull().default('live'),
    /** The sealed restricted key (rk_…); null when the brand pasted a signing secret. */
    apiKey: text('api_key'),
    /** rk_live_…WXYZ: what the screen shows of the key. */
    apiKeyHint: varchar('api_key_hint', { length: 40 }),
    /** The endpoint created with the key (we_…), deleted on disconnect. */
    webhookEndpointId: varchar('webhook_endpoint_id', { length: 255 }),
    /** When a first correctly signed event arrived: the screen says Connected from then on. */
    verifiedAt: timestamptz('verified_at'),
    connectedBy: integer('connected_by')
      .notNull()
      .references(() => users.id),
    connectedAt: timestamptz('connected_at').notNull(),
  },
  (t) => [check('stripe_connections_mode_check', sql`${t.mode} in (${oneOf(STRIPE_MODES)})`)],
);

export const STRIPE_EVENT_OUTCOMES = ['attributed', 'ignored', 'refused'] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];

/** Every verified Stripe event once (its id is the idempotency key), with what became of it. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    objectId: varchar('object_id', { length: 255 }),
    outcome: text('outcome').$type<StripeEventOutcome>().notNull(),
    detail: text('detail').notNull(),
    conversionId: integer('conversion_id'),
    /** The event's mode (true: live); null for events recorded before it was kept. */
    livemode: boolean('livemode'),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.eventId] }),
    index('stripe_events_brand_received_idx').on(t.brandId, t.receivedAt),
    check('stripe_events_outcome_check', sql`${t.outcome} in (${oneOf(STRIPE_EVENT_OUTCOMES)})`),
  ],
);

/**
 * Stripe objects (checkout session, invoice, payment intent, charge, subscription) → the
 * conversion they paid: a refund's charge finds its conversion here.
 */
export const stripeObjects = pgTable(
  'stripe_objects',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    objectId: varchar('object_id', { length: 255 }).notNull(),
    conversionRef: varchar('conversion_ref', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.objectId] })],
);

/**
 * A Stripe promotion code the brand gave an advocate of a campaign: the code customers type (or a
 * promo_… id given as such) and, when looked up through the brand's key, its promo_… id.
 */
export const stripePromotionCodes = pgTable(
  'stripe_promotion_codes',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 255 }).notNull(),
    promotionCodeId: varchar('promotion_code_id', { length: 255 }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.code] }),
    index('stripe_promotion_codes_campaign_idx').on(t.campaignId),
    index('stripe_promotion_codes_brand_promotion_code_idx')
      .on(t.brandId, t.promotionCodeId)
      .where(sql`${t.promotionCodeId} is not null`),
  ],
);

/**
 * Billing providers' objects (session, invoice, charge, order, transaction…) → the conversion
 * they paid (features/integrations/apply-facts.ts): a refund or dispute finds its sale here.
 * `link:{id}` refs point at another object's conversion (a charge tied to its invoice).
 */
export const billingObjects = pgTable(
  'billing_objects',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    objectId: varchar('object_id', { length: 255 }).notNull(),
    conversionRef: varchar('conversion_ref', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.provider, t.objectId] })],
);

export const BILLING_ADJUSTMENT_KINDS = ['refund_total', 'refund', 'dispute'] as const;
export const BILLING_ADJUSTMENT_STATES = ['applied', 'failed', 'opened', 'won', 'lost'] as const;

/**
 * Refunds and disputes as the provider reported them, the newest report of each winning (by the
 * provider's time): kept while their sale is unknown (conversion_ref null) and applied when it
 * arrives; a conversion's refunded share and dispute hold are computed from its rows.
 */
export const billingAdjustments = pgTable(
  'billing_adjustments',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The refund's or dispute's id; `total:{payment id}` for a running total (Stripe's charge). */
    adjustmentId: varchar('adjustment_id', { length: 255 }).notNull(),
    kind: text('kind').$type<(typeof BILLING_ADJUSTMENT_KINDS)[number]>().notNull(),
    state: text('state').$type<(typeof BILLING_ADJUSTMENT_STATES)[number]>().notNull(),
    /** Ids that may name the sale. */
    paymentIds: text('payment_ids').array().notNull(),
    conversionRef: varchar('conversion_ref', { length: 200 }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    ofMinor: bigint('of_minor', { mode: 'bigint' }),
    currency: varchar('currency', { length: 3 }),
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.provider, t.adjustmentId] }),
    index('billing_adjustments_conversion_idx').on(t.brandId, t.conversionRef),
    index('billing_adjustments_waiting_idx')
      .using('gin', t.paymentIds)
      .where(sql`${t.conversionRef} is null`),
    check('billing_adjustments_kind_check', sql`${t.kind} in (${oneOf(BILLING_ADJUSTMENT_KINDS)})`),
    check(
      'billing_adjustments_state_check',
      sql`${t.state} in (${oneOf(BILLING_ADJUSTMENT_STATES)})`,
    ),
  ],
);

/** The event log of billing providers other than Stripe (Stripe keeps stripe_events). */
export const billingEvents = pgTable(
  'billing_events',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    objectId: varchar('object_id', { length: 255 }),
    outcome: text('outcome').$type<StripeEventOutcome>().notNull(),
    detail: text('detail').notNull(),
    conversionId: integer('conversion_id'),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.provider, t.eventId] }),
    index('billing_events_brand_received_idx').on(t.brandId, t.provider, t.receivedAt),
    check('billing_events_outcome_check', sql`${t.outcome} in (${oneOf(STRIPE_EVENT_OUTCOMES)})`),
  ],
);

/** A discount code of a billing provider other than Stripe, given to an advocate of a campaign. */
export const billingCodes = pgTable(
  'billing_codes',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    code: varchar('code', { length: 255 }).notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.provider, t.code] }),
    index('billing_codes_campaign_idx').on(t.campaignId),
  ],
);

export const WEBHOOK_PROVIDER_NAMES = ['paddle', 'lemonsqueezy', 'shopify'] as const;

/**
 * A brand's webhook of Paddle, Lemon Squeezy or Shopify (migration 0024): its signing secret,
 * sealed as Stripe's is (features/integrations/secret-box.ts).
 */
export const billingConnections = pgTable(
  'billing_connections',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<(typeof WEBHOOK_PROVIDER_NAMES)[number]>().notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    connectedBy: integer('connected_by')
      .notNull()
      .references(() => users.id),
    connectedAt: timestamptz('connected_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.provider] }),
    check(
      'billing_connections_provider_check',
      sql`${t.provider} in (${oneOf(WEBHOOK_PROVIDER_NAMES)})`,
    ),
  ],
);

export type BrandCustomerRow = typeof brandCustomers.$inferSelect;

// Brand teams, the audit log and two-factor sign-in (issue 28, migration 0017).

/** Who runs a brand, with which role (contract/teams.ts says what each role may do). */
export const brandMembers = pgTable(
  'brand_members',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<BrandRole>().notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.userId] }),
    // A user's brands (user/me brand_ids, brand/list/).
    index('brand_members_user_idx').on(t.userId, t.brandId),
    check('brand_members_role_check', sql`${t.role} in (${oneOf(BRAND_ROLES)})`),
  ],
);

/** An emailed invitation to join a brand: the token is stored as its sha256, used once. */
export const brandInvitations = pgTable(
  'brand_invitations',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: text('role').$type<BrandRole>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('brand_invitations_token_key').on(t.tokenHash),
    index('brand_invitations_brand_idx').on(t.brandId, t.createdAt),
    check('brand_invitations_role_check', sql`${t.role} in (${oneOf(BRAND_ROLES)})`),
  ],
);

/**
 * Every change to a brand and its money, written in the change's own transaction. Append-only:
 * a trigger (migration 0017) refuses UPDATE and DELETE. No foreign key on brand_id or actor_id,
 * so an entry outlives what it names; actor_name keeps the name as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    at: timestamptz('at').notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 255 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    targetKind: varchar('target_kind', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }),
    targetLabel: varchar('target_label', { length: 255 }),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The request's address, keyed-hashed as the visitor hash is (never the address itself). */
    ipHash: varchar('ip_hash', { length: 32 }),
  },
  (t) => [
    index('audit_log_brand_at_idx').on(t.brandId, t.at, t.id),
    check('audit_log_actor_kind_check', sql`${t.actorKind} in (${oneOf(AUDIT_ACTOR_KINDS)})`),
  ],
);

/** A user's TOTP secret (base32); enabled once confirmed with a first code. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  enabledAt: timestamptz('enabled_at'),
  /** The time step of the last code accepted: a code (and any older one) works once. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull(),
});

/** Ten single-use recovery codes per enabling, stored as keyed hashes. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

export type BrandMemberRow = typeof brandMembers.$inferSelect;
export type BrandInvitationRow = typeof brandInvitations.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;

// --- Webhooks, notifications and emails (features/events, features/webhooks,
// features/notifications): the consumers the dispatcher fans each event out to.

/** A brand's webhook endpoint. `secret` is 'whsec_' + base64 (Standard Webhooks). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    /** The event types it is subscribed to. */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: varchar('secret', { length: 100 }).notNull(),
    /**
     * The first failed attempt of the current unbroken run of failures (null after a success):
     * five days of nothing but failures disable the webhook.
     */
    failingSince: timestamptz('failing_since'),
    /** Why the server disabled it (null when enabled, or disabled by the brand). */
    disabledReason: varchar('disabled_reason', { length: 200 }),
    /**
     * Attempts in a row that got no reply within the timeout (0 after any reply): from
     * TIMEOUTS_BEFORE_BACKOFF on, the endpoint gets one attempt at a time (webhooks/deliveries.ts).
     */
    timeoutsInRow: integer('timeouts_in_row').notNull().default(0),
    /** The secret before the last rotation: it signs beside `secret` until previousSecretUntil. */
    previousSecret: varchar('previous_secret', { length: 100 }),
    previousSecretUntil: timestamptz('previous_secret_until'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('webhooks_brand_idx').on(t.brandId, t.id)],
);

export type WebhookRow = typeof webhooks.$inferSelect;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event (or test message) to one webhook. `message_id` is the webhook-id header of every
 * attempt (the event's id). `body` is the exact JSON sent, so every attempt signs the same bytes.
 * A worker owns a due delivery while `claimed_until` is in the future (a lease: a killed
 * worker's claim expires and another instance attempts it; the instance itself, restarted, takes
 * back the claims `claimed_by` names at once). `claimed_attempt_id` is the attempt the claim
 * recorded before sending: only the worker holding it records what follows.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 40 }).references(() => events.id, {
      onDelete: 'cascade',
    }),
    messageId: varchar('message_id', { length: 40 }).notNull(),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    body: text('body').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next automatic attempt is due; null once succeeded or failed. */
    nextAttemptAt: timestamptz('next_attempt_at'),
    claimedUntil: timestamptz('claimed_until'),
    /** The instance holding the claim (lib/instance-id.ts). */
    claimedBy: varchar('claimed_by', { length: 64 }),
    claimedAttemptId: bigint('claimed_attempt_id', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.webhookId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_claimed_idx')
      .on(t.webhookId)
      .where(sql`${t.claimedUntil} is not null`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    check('webhook_deliveries_status_check', sql`${t.status} in (${oneOf(DELIVERY_STATUSES)})`),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One HTTP attempt of a delivery, as the delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** The HTTP status; null when no reply came (timeout, connection error, refused address). */
    statusCode: integer('status_code'),
    responseMs: integer('response_ms').notNull(),
    /** The first 1 KB of the reply body. */
    responseBody: text('response_body').notNull(),
    /** Why no reply was taken (timeout, connection refused, private address); null otherwise. */
    error: varchar('error', { length: 300 }),
    attemptedAt: timestamptz('attempted_at').notNull(),
    /** When the next attempt is due after this one; null when none is. */
    nextAttemptAt: timestamptz('next_attempt_at'),
  },
  (t) => [index('webhook_attempts_webhook_idx').on(t.webhookId, t.id)],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/** One in-app notification for a user in one role (the drawer of that role lists it). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<RoleCode>().notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** The product path of the screen it is about, e.g. '/advocate/earnings'. */
    link: varchar('link', { length: 300 }).notNull(),
    eventId: varchar('event_id', { length: 40 }).references(() => events.id, {
      onDelete: 'cascade',
    }),
    readAt: timestamptz('read_at'),
    /** The time of the event it tells of. */
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_role_idx').on(t.userId, t.role, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId, t.role)
      .where(sql`${t.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

export const EMAIL_JOB_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailJobStatus = (typeof EMAIL_JOB_STATUSES)[number];

/** An email to send, composed when its event was dispatched; the mail worker sends it. */
export const emailJobs = pgTable(
  'email_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Null for a security email, which nobody can unsubscribe from. */
    unsubscribeUrl: varchar('unsubscribe_url', { length: 2048 }),
    status: text('status').$type<EmailJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    claimedUntil: timestamptz('claimed_until'),
    error: varchar('error', { length: 300 }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('email_jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('email_jobs_status_check', sql`${t.status} in (${oneOf(EMAIL_JOB_STATUSES)})`),
  ],
);

export type EmailJobRow = typeof emailJobs.$inferSelect;

/**
 * A brand's email setting (no row = the defaults): whether its owner gets the brand's emails
 * (joins, waiting reviews), and the day its last review summary went out (one a day at most).
 */
export const brandNotificationSettings = pgTable('brand_notification_settings', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  reviewSummaryOn: varchar('review_summary_on', { length: 10 }),
  updatedAt: timestamptz('updated_at').notNull(),
});

// --- Advocate groups (features/groups) ---

/**
 * A brand's group (tier) of advocates: its rules override the campaign's for its members. One
 * default group per brand (made with the brand); an advocate without a membership row is in it.
 */
export const advocateGroups = pgTable(
  'advocate_groups',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** null (with commission_value): the campaign's rule. */
    commissionType: text('commission_type').$type<CommissionType>(),
    commissionValue: money('commission_value'),
    eventRewards: jsonb('event_rewards').$type<EventRewardRules>(),
    /** Conditional rules, tried in order before the group's own (contract ConditionalRule). */
    rewardRules: jsonb('reward_rules').$type<GroupRewardRule[]>().notNull().default([]),
    /** null: the brand's hold period. */
    holdDays: integer('hold_days'),
    discountText: varchar('discount_text', { length: 200 }),
    /** Thresholds over the last 90 days that place advocates here automatically (contract AutoRule). */
    autoRule: jsonb('auto_rule').$type<GroupAutoRule>(),
    rank: integer('rank').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('advocate_groups_brand_default_key')
      .on(t.brandId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('advocate_groups_brand_name_key').on(t.brandId, sql`lower(${t.name})`),
    check(
      'advocate_groups_commission_check',
      sql`(${t.commissionType} is null) = (${t.commissionValue} is null)`,
    ),
    check(
      'advocate_groups_commission_type_check',
      sql`${t.commissionType} in (${oneOf(COMMISSION_TYPES)})`,
    ),
    check(
      'advocate_groups_commission_value_check',
      sql`${t.commissionValue} >= 0 and (${t.commissionType} <> 'percentage' or ${t.commissionValue} <= 100)`,
    ),
    check('advocate_groups_hold_days_check', sql`${t.holdDays} >= 0 and ${t.holdDays} <= 365`),
  ],
);

/** An advocate's group at a brand, when not the default one. */
export const advocateGroupMembers = pgTable(
  'advocate_group_members',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => advocateGroups.id, { onDelete: 'cascade' }),
    movedAt: timestamptz('moved_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.advocateId] }),
    index('advocate_group_members_group_idx').on(t.groupId),
  ],
);

/** A conditional rule as stored (contract ConditionalRule). */
export interface GroupRewardRule {
  conditions: {
    product_ids?: number[];
    countries?: string[];
    customer?: 'new' | 'returning';
    order_value?: { currency: Currency; min?: number; max?: number };
  };
  commission_type: CommissionType;
  commission_value: number;
}

/** An automatic rule as stored (contract AutoRule). */
export interface GroupAutoRule {
  min_conversions?: number;
  min_revenue?: { amount: number; currency: Currency };
}

export type AdvocateGroupRow = typeof advocateGroups.$inferSelect;

// Removing an advocate from a brand (issue 36, migration 0031).

/** A campaign an advocate was in when removed, kept so a restore puts them back as they were. */
export interface LeftCampaign {
  campaign_id: number;
  joined_at: string;
  source: string | null;
}

/**
 * An advocate removed (or banned) from a brand, while it lasts: restoring deletes the row (the
 * audit log keeps the history). Removal deleted their campaign_joins rows of the brand (kept in
 * `campaigns`); their links then lead to the product without counting (features/redirects), and a
 * trigger makes any conversion still reaching them earn 0 (migration 0031). A ban also refuses
 * joining again and applying.
 */
export const advocateRemovals = pgTable(
  'advocate_removals',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    advocateId: integer('advocate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    banned: boolean('banned').notNull().default(false),
    reason: text('reason').notNull(),
    /** What the brand chose for the rewards pending at the removal: kept, or rejected. */
    pending: text('pending').$type<'keep' | 'reject'>().notNull(),
    campaigns: jsonb('campaigns').$type<LeftCampaign[]>().notNull().default([]),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamptz('removed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.advocateId] }),
    index('advocate_removals_brand_idx').on(t.brandId, t.removedAt),
    check('advocate_removals_pending_check', sql`${t.pending} in ('keep', 'reject')`),
  ],
);
export type AdvocateRemovalRow = typeof advocateRemovals.$inferSelect;
