// Brands: create, list, one brand.
import { Type, type Static } from 'typebox';
import { ActiveRoleValue, RoleNames } from './auth.js';
import { HttpUrl, NonBlankString, Nullable, PhoneNumber } from './common.js';
import { DateTime, NullableString, SuccessReply } from './replies.js';
import { BRAND_SIZES, BRAND_TYPES } from './rules.js';

export const BrandTypeValue = Type.Enum(BRAND_TYPES);
export const BrandSizeValue = Type.Enum(BRAND_SIZES);

/**
 * POST brand/create/, as JSON or as the text fields of a multipart form (same schema, same
 * messages). Every URL must be http(s): they are shown as links, so javascript: must not pass.
 */
export const BrandInput = Type.Object({
  brand_name: NonBlankString(255),
  brand_type: Type.Optional(BrandTypeValue),
  brand_size: Type.Optional(BrandSizeValue),
  phone_no: Type.Optional(PhoneNumber),
  website_url: Type.Optional(HttpUrl),
  instagram_url: Type.Optional(HttpUrl),
  discord_url: Type.Optional(HttpUrl),
  X_url: Type.Optional(HttpUrl),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
});
export type BrandInput = Static<typeof BrandInput>;

export const BrandView = Type.Object({
  id: Type.Integer(),
  brand_name: Type.String(),
  brand_type: Nullable(BrandTypeValue),
  brand_size: Nullable(BrandSizeValue),
  phone_no: NullableString,
  website_url: NullableString,
  instagram_url: NullableString,
  discord_url: NullableString,
  X_url: NullableString,
  description: NullableString,
  brand_CAC: Nullable(
    Type.String({
      description: 'Signed URL of the registration document, valid for about an hour',
    }),
  ),
  owner_id: Type.Integer(),
  created_at: DateTime(),
});
export type BrandView = Static<typeof BrandView>;

export const CreateBrandReply = SuccessReply({
  message: Type.String(),
  brand: BrandView,
  roles: RoleNames,
  active_role: ActiveRoleValue,
});
export type CreateBrandReply = Static<typeof CreateBrandReply>;

export const BrandListReply = SuccessReply({ brands: Type.Array(BrandView) });
export type BrandListReply = Static<typeof BrandListReply>;
export const BrandReply = SuccessReply({ brand: BrandView });
export type BrandReply = Static<typeof BrandReply>;
/** GET brand/{id}/ for a brand the caller may not see (the shape the brand screens read). */
export const BrandNotFoundReply = Type.Object({
  status: Type.Literal('error'),
  message: Type.String(),
  detail: Type.String(),
});
export type BrandNotFoundReply = Static<typeof BrandNotFoundReply>;
