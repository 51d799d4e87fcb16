// A brand's webhooks and their delivery log: only this workspace uses them, so the endpoints
// (and their cache tags) are injected here into the one api slice.
import type {
  BusinessEventType,
  CreatedWebhookReply,
  CreateWebhookBody,
  RotatedSecretReply,
  UpdateWebhookBody,
  WebhookAttemptReply,
  WebhookAttemptView,
  WebhookDeliveriesReply,
  WebhookView,
} from 'contract';
import { api } from 'shared-api';

export type { BusinessEventType };
export type Webhook = WebhookView;
export type WebhookAttempt = WebhookAttemptView;
export type CreatedWebhook = CreatedWebhookReply;

interface BrandScoped {
  brandId: number;
}
interface WebhookScoped extends BrandScoped {
  webhookId: number;
}

const hooksTag = (brandId: number) => ({ type: 'Webhook', id: `brand-${brandId}` }) as const;
const logTag = (webhookId: number) => ({ type: 'WebhookDelivery', id: webhookId }) as const;
const base = ({ brandId }: BrandScoped) => `brand/${brandId}/webhooks/`;
const one = ({ brandId, webhookId }: WebhookScoped) => `brand/${brandId}/webhooks/${webhookId}/`;

export const webhooksApi = api
  .enhanceEndpoints({ addTagTypes: ['Webhook', 'WebhookDelivery'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listWebhooks: build.query<Webhook[], number>({
        query: (brandId) => base({ brandId }),
        transformResponse: (reply: { webhooks: Webhook[] }) => reply.webhooks,
        providesTags: (_hooks, _error, brandId) => [hooksTag(brandId)],
      }),
      /** The reply's `secret` is shown this once; it is never cached beyond the call. */
      createWebhook: build.mutation<CreatedWebhook, BrandScoped & CreateWebhookBody>({
        query: ({ brandId, ...body }) => ({ url: base({ brandId }), method: 'POST', body }),
        invalidatesTags: (_reply, _error, { brandId }) => [hooksTag(brandId)],
      }),
      updateWebhook: build.mutation<{ webhook: Webhook }, WebhookScoped & UpdateWebhookBody>({
        query: ({ brandId, webhookId, ...body }) => ({
          url: one({ brandId, webhookId }),
          method: 'PATCH',
          body,
        }),
        invalidatesTags: (_reply, _error, { brandId }) => [hooksTag(brandId)],
      }),
      deleteWebhook: build.mutation<{ message?: string }, WebhookScoped>({
        query: (ids) => ({ url: one(ids), method: 'DELETE' }),
        invalidatesTags: (_reply, _error, { brandId }) => [hooksTag(brandId)],
      }),
      rotateWebhookSecret: build.mutation<RotatedSecretReply, WebhookScoped>({
        query: (ids) => ({ url: `${one(ids)}rotate-secret/`, method: 'POST' }),
      }),
      sendWebhookTest: build.mutation<WebhookAttemptReply, WebhookScoped>({
        query: (ids) => ({ url: `${one(ids)}test/`, method: 'POST' }),
        invalidatesTags: (_reply, _error, { webhookId }) => [logTag(webhookId)],
      }),
      listWebhookDeliveries: build.query<WebhookDeliveriesReply, WebhookScoped & { page: number }>({
        query: ({ page, ...ids }) => `${one(ids)}deliveries/?page=${page}&per_page=10`,
        providesTags: (_reply, _error, { webhookId }) => [logTag(webhookId)],
      }),
      retryWebhookDelivery: build.mutation<
        WebhookAttemptReply,
        WebhookScoped & { deliveryId: number }
      >({
        query: ({ deliveryId, ...ids }) => ({
          url: `${one(ids)}deliveries/${deliveryId}/retry/`,
          method: 'POST',
        }),
        invalidatesTags: (_reply, _error, { webhookId }) => [logTag(webhookId)],
      }),
    }),
  });

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useListWebhookDeliveriesQuery,
  useRetryWebhookDeliveryMutation,
} = webhooksApi;

/**
 * How the screen names each event type. Typed by the contract, so a type added there must be
 * named here (the list is not imported as a value: the contract's root module brings TypeBox).
 */
export const EVENT_LABELS: Record<BusinessEventType, string> = {
  'conversion.created': 'Conversion created',
  'conversion.refunded': 'Conversion refunded',
  'commission.approved': 'Commission approved',
  'commission.rejected': 'Commission rejected',
  'commission.reopened': 'Commission reopened',
  'payout.created': 'Payout created',
  'payout.paid': 'Payout paid',
  'payout.failed': 'Payout failed',
  'advocate.joined': 'Advocate joined',
  'application.created': 'Application received',
  'application.approved': 'Application approved',
  'application.rejected': 'Application rejected',
  'advocate.invited': 'Advocates invited',
  'advocate.removed': 'Advocate removed',
  'advocate.banned': 'Advocate banned',
  'advocate.restored': 'Advocate restored',
  'brand.updated': 'Brand details changed',
  'advocate.group_changed': 'Advocate moved to another group',
};

export const EVENT_TYPES = Object.keys(EVENT_LABELS) as BusinessEventType[];

/** An event type's label; the test event and any newer type by their own name. */
export const eventLabel = (type: string): string =>
  type === 'webhook.test' ? 'Test event' : (EVENT_LABELS[type as BusinessEventType] ?? type);
