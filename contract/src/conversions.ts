// POST sdk-log-conversion/: a conversion reported by the browser script, a merchant server or the
// SDK tester (camelCase payload), and the stored conversion.
import { Type, type Static } from 'typebox';
import { IdInput, Money, Nullable } from './common.js';
import { DateTime, SuccessReply } from './replies.js';
import { CONVERSION_STATUSES, EVENT_TYPES } from './rules.js';

export const EventTypeValue = Type.Enum(EVENT_TYPES);

export const ConversionBody = Type.Object({
  conversionRef: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description: 'Idempotency key per brand',
  }),
  campaignId: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1 }), Type.String({ minLength: 1, maxLength: 32 })], {
      description: 'Campaign id, or its public id (CMP-…)',
    }),
  ),
  affiliateId: Type.Optional(IdInput),
  sessionId: Type.Optional(Type.String({ maxLength: 200 })),
  eventType: Type.Optional(EventTypeValue),
  value: Type.Optional(Money({ minimum: 0, description: 'Order value; default 0' })),
  currency: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217; default USD' }),
  ),
  rewardAmount: Type.Optional(
    Money({ minimum: 0, description: 'Honoured from a secret key or the brand owner only' }),
  ),
  productId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 255 })])),
  via: Type.Optional(Type.String({ maxLength: 64 })),
  clickId: Type.Optional(Type.String({ maxLength: 64 })),
  quantity: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description:
        "Units of the product; a publishable key's value is capped at price × quantity. Default 1",
    }),
  ),
  customer: Type.Optional(
    Type.Object(
      {
        email: Type.Optional(Type.String({ maxLength: 254 })),
        id: Type.Optional(Type.String({ maxLength: 200 })),
        country: Type.Optional(
          Type.String({
            pattern: '^[A-Za-z]{2}$',
            description:
              "The buyer's country (ISO 3166-1 alpha-2), for groups' rules on country; without it such rules never match",
          }),
        ),
      },
      {
        description:
          "The buyer, for the self-referral rule: the email is compared with the advocate's and kept only as a keyed hash",
      },
    ),
  ),
});
export type ConversionBody = Static<typeof ConversionBody>;

/** A conversion's sale: its type, value and currency, and the advocate's reward on it. */
export const saleFields = {
  event_type: EventTypeValue,
  value: Type.Number(),
  currency: Type.String(),
  reward_amount: Type.Number(),
};

export const ConversionView = Type.Object({
  id: Type.Integer(),
  conversion_ref: Type.String(),
  campaign_id: Type.Integer(),
  advocate_id: Type.Integer(),
  product_id: Nullable(Type.Integer()),
  ...saleFields,
  status: Type.Enum(CONVERSION_STATUSES),
  created_at: DateTime(),
});
export type ConversionView = Static<typeof ConversionView>;

export const ConversionReply = SuccessReply({
  duplicate: Type.Boolean(),
  conversion: ConversionView,
});
export type ConversionReply = Static<typeof ConversionReply>;
