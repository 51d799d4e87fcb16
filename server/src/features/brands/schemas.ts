import { Type, type Static } from 'typebox';
import { BRAND_SIZES, BRAND_TYPES } from '../../db/schema.js';
import { HttpUrl, NonBlankString, PhoneNumber } from '../../lib/schema.js';
import type { FieldMessages } from '../../plugins/errors.js';

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

/** SPEC 5 wording (the phone and URL messages come with their patterns). */
export const BRAND_MESSAGES: FieldMessages = {
  brand_name: {
    required: 'Brand name is required',
    minLength: 'Brand name is required',
    pattern: 'Brand name is required',
    type: 'Brand name is required',
  },
};

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const BrandView = Type.Object({
  id: Type.Integer(),
  brand_name: Type.String(),
  brand_type: Type.Union([BrandTypeValue, Type.Null()]),
  brand_size: Type.Union([BrandSizeValue, Type.Null()]),
  phone_no: NullableString,
  website_url: NullableString,
  instagram_url: NullableString,
  discord_url: NullableString,
  X_url: NullableString,
  description: NullableString,
  brand_CAC: Type.Union([
    Type.String({
      description: 'Signed URL of the registration document, valid for about an hour',
    }),
    Type.Null(),
  ]),
  owner_id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});
export type BrandView = Static<typeof BrandView>;

export const CreateBrandReply = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  brand: BrandView,
  roles: Type.Array(Type.String()),
  active_role: Type.Literal('brand_owner'),
});

export const BrandListReply = Type.Object({
  status: Type.Literal('success'),
  brands: Type.Array(BrandView),
});
export const BrandReply = Type.Object({ status: Type.Literal('success'), brand: BrandView });
/** GET brand/{id}/ for a brand the caller may not see (the shape the brand screens read). */
export const BrandNotFoundReply = Type.Object({
  status: Type.Literal('error'),
  message: Type.String(),
  detail: Type.String(),
});
