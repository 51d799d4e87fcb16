// Products of a brand: list, one product, create, update, delete.
import { Type, type Static } from 'typebox';
import { HttpUrl, IdInput, Money, NonBlankString, Nullable } from './common.js';
import { brandRef, DateTime, NullableString, SuccessReply } from './replies.js';
import { CURRENCIES, PRODUCT_FETCH_LIMIT, PRODUCT_STATUSES } from './rules.js';

export const CurrencyValue = Type.Enum(CURRENCIES);
export const ProductStatusValue = Type.Enum(PRODUCT_STATUSES);

/**
 * The product rules, shared by create and update (PUT replaces the four required fields; an
 * optional field left out keeps its value, null clears it). product_url becomes the redirect
 * target of share links, so only http(s) URLs pass.
 */
const productFields = {
  name: NonBlankString(255),
  price: Money({
    exclusiveMinimum: 0,
    description:
      'Greater than 0, in whole minor units of the currency (JPY none, USD 2, KWD 3 decimals)',
  }),
  currency: CurrencyValue,
  status: ProductStatusValue,
  unique_id: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  source_product_id: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  image_url: Type.Optional(Nullable(HttpUrl)),
  product_url: Type.Optional(Nullable(HttpUrl)),
};

export const CreateProductBody = Type.Object({
  ...productFields,
  brand_id: Type.Optional(IdInput),
});
export type CreateProductBody = Static<typeof CreateProductBody>;

export const UpdateProductBody = Type.Object(productFields);
export type UpdateProductBody = Static<typeof UpdateProductBody>;

export const BrandProductsQuery = Type.Object({
  status: Type.Optional(ProductStatusValue),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: PRODUCT_FETCH_LIMIT })),
});
export type BrandProductsQuery = Static<typeof BrandProductsQuery>;

export const ProductView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ...brandRef,
  unique_id: NullableString,
  source_product_id: NullableString,
  description: NullableString,
  price: Type.Number(),
  currency: CurrencyValue,
  status: ProductStatusValue,
  image_url: NullableString,
  product_url: NullableString,
  created_at: DateTime(),
});
export type ProductView = Static<typeof ProductView>;

export const ProductListReply = SuccessReply({
  data: Type.Object({
    products: Type.Array(ProductView),
    count: Type.Integer({
      description: 'How many products match (may exceed the number returned)',
    }),
  }),
});
export type ProductListReply = Static<typeof ProductListReply>;
export const ProductReply = SuccessReply({
  data: Type.Object({ product: ProductView }),
});
export type ProductReply = Static<typeof ProductReply>;
export const ProductWriteReply = SuccessReply({
  message: Type.String(),
  data: Type.Object({ product: ProductView }),
});
export type ProductWriteReply = Static<typeof ProductWriteReply>;
