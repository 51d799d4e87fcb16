// Database schema (source of truth for drizzle-kit migrations in ../../drizzle).
// Change this file, then run `npx drizzle-kit generate` in server/ and commit the new SQL.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Role codes as stored; the API shows them as 'Brand Owner' / 'Advocate' (see features/roles/roles.ts). */
export const ROLE_CODES = ['brand_owner', 'advocate'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

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
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
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
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
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

export const BRAND_TYPES = ['company', 'product'] as const;
export type BrandType = (typeof BRAND_TYPES)[number];
export const BRAND_SIZES = ['2-50', '51-200', '201-500', '500+'] as const;
export type BrandSize = (typeof BRAND_SIZES)[number];
export const CURRENCIES = ['USD', 'NGN', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const PRODUCT_STATUSES = ['active', 'inactive', 'discontinued', 'out_of_stock'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const CAMPAIGN_STATUSES = ['active', 'inactive', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const COMMISSION_TYPES = ['percentage', 'flat'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

/** `col in ('a', 'b')` for a check constraint over one of the vocabularies above. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Money as numeric(12,2): exact cents in the database, a JS number in and out (mode 'number'). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Uploaded files (brand CAC documents, campaign videos). The bytes live in DATA_DIR/uploads under
 * `name`, which is random (never the client's file name); content_type is what sniffing found.
 */
export const uploads = pgTable('uploads', {
  name: varchar('name', { length: 64 }).primaryKey(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  uploadedBy: integer('uploaded_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamptz('created_at').notNull(),
});

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
  },
  (t) => [
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
    index('products_brand_created_idx').on(t.brandId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
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
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('campaigns_public_id_key').on(t.publicId),
    // brand/{id}/campaigns/ newest first.
    index('campaigns_brand_created_idx').on(t.brandId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // campaign/list/: live campaigns of one status across brands, newest first.
    index('campaigns_status_created_idx').on(t.status, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    check('campaigns_status_check', sql`${t.status} in (${oneOf(CAMPAIGN_STATUSES)})`),
    check('campaigns_commission_type_check', sql`${t.commissionType} in (${oneOf(COMMISSION_TYPES)})`),
    check(
      'campaigns_commission_value_check',
      sql`${t.commissionValue} >= 0 and (${t.commissionType} <> 'percentage' or ${t.commissionValue} <= 100)`,
    ),
    check('campaigns_duration_check', sql`${t.duration} >= 1`),
    check('campaigns_budget_limit_check', sql`${t.budgetLimit} >= 0`),
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
  (t) => [primaryKey({ columns: [t.campaignId, t.productId] }), index('campaign_products_product_idx').on(t.productId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
