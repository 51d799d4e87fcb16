// A brand's webhooks: endpoints that receive its business events (contract/events.ts), signed as
// the Standard Webhooks specification says. The secret ('whsec_' + base64) is in the create and
// rotate replies only.
import { Type, type Static } from 'typebox';
import { Nullable, RowId } from './common.js';
import { BUSINESS_EVENT_TYPES } from './events.js';
import { DateTime, pageCounts } from './replies.js';
import { LIMITS } from './rules.js';

export const WebhookEventType = Type.Enum(BUSINESS_EVENT_TYPES);

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: LIMITS.urlMax,
  description:
    'http(s) URL on a public host, without user name or password (checked again at delivery after DNS resolution)',
});
const WebhookEvents = Type.Array(WebhookEventType, {
  minItems: 1,
  uniqueItems: true,
  description: 'The event types it receives',
});

export const WebhookView = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  enabled: Type.Boolean(),
  /** Why the server disabled it (5 days of failed deliveries); null otherwise. */
  disabled_reason: Nullable(Type.String()),
  created_at: DateTime(),
});
export type WebhookView = Static<typeof WebhookView>;

export const WebhookListReply = Type.Object({ webhooks: Type.Array(WebhookView) });
export type WebhookListReply = Static<typeof WebhookListReply>;

export const CreateWebhookBody = Type.Object({ url: WebhookUrl, events: WebhookEvents });
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(WebhookEvents),
    enabled: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

const Secret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
  description: "The signing secret, 'whsec_' + base64: shown in this reply only",
});

/** 201 of create: the webhook and its secret (this once). */
export const CreatedWebhookReply = Type.Object({ webhook: WebhookView, secret: Secret });
export type CreatedWebhookReply = Static<typeof CreatedWebhookReply>;

export const WebhookReply = Type.Object({ webhook: WebhookView });
export type WebhookReply = Static<typeof WebhookReply>;

/**
 * Rotate: the new secret. The old one keeps signing beside it (two signatures in the one
 * webhook-signature header) until old_secret_signs_until: overlap_hours after the rotation
 * (WEBHOOK_SECRET_OVERLAP_HOURS, default 24; 0 and null: it stopped at once).
 */
export const RotatedSecretReply = Type.Object({
  secret: Secret,
  old_secret_signs_until: Nullable(DateTime()),
  overlap_hours: Type.Integer({ minimum: 0 }),
});
export type RotatedSecretReply = Static<typeof RotatedSecretReply>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt of a delivery, as the delivery log lists it (newest first). */
export const WebhookAttemptView = Type.Object({
  id: Type.Integer(),
  delivery_id: Type.Integer({
    description: 'Retry it with POST …/deliveries/{delivery_id}/retry/',
  }),
  /** The webhook-id header: the event's id, the same on every attempt. */
  message_id: Type.String(),
  event_type: Type.String(),
  attempt: Type.Integer({ minimum: 1 }),
  /** The HTTP status; null when no reply came (timeout, connection error, refused address). */
  status_code: Nullable(Type.Integer()),
  response_ms: Type.Integer(),
  /** The first 1 KB of the reply body. */
  response_body: Type.String(),
  error: Nullable(Type.String()),
  attempted_at: DateTime(),
  /** When the next attempt is due after this one; null when none is. */
  next_attempt_at: Nullable(DateTime()),
  /** Where the delivery stands now. */
  delivery_status: Type.Enum(WEBHOOK_DELIVERY_STATUSES),
  /** The JSON body sent: { type, timestamp, data }. */
  payload: Type.String(),
});
export type WebhookAttemptView = Static<typeof WebhookAttemptView>;

export const WebhookDeliveriesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveriesReply = Type.Object({
  results: Type.Array(WebhookAttemptView),
  meta: Type.Object(pageCounts),
});
export type WebhookDeliveriesReply = Static<typeof WebhookDeliveriesReply>;

/** Retry and test: the attempt just made. */
export const WebhookAttemptReply = Type.Object({ attempt: WebhookAttemptView });
export type WebhookAttemptReply = Static<typeof WebhookAttemptReply>;

export const WebhookParams = Type.Object({ brandId: RowId, webhookId: RowId });
export const WebhookBrandParams = Type.Object({ brandId: RowId });
export const WebhookDeliveryParams = Type.Object({
  brandId: RowId,
  webhookId: RowId,
  deliveryId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
