// A brand's webhooks (brand owner and staff; everyone else gets 404 'Brand not found'):
// GET/POST brand/{brandId}/webhooks/, PATCH/DELETE brand/{brandId}/webhooks/{webhookId}/,
// POST …/{webhookId}/rotate-secret/ (the old secret signs beside the new one for a while), GET …/{webhookId}/deliveries/,
// POST …/{webhookId}/deliveries/{deliveryId}/retry/, POST …/{webhookId}/test/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatedWebhookReply,
  CreateWebhookBody,
  RotatedSecretReply,
  UpdateWebhookBody,
  WEBHOOK_TEST_EVENT,
  WebhookAttemptReply,
  WebhookBrandParams,
  WebhookDeliveriesQuery,
  WebhookDeliveriesReply,
  WebhookDeliveryParams,
  WebhookListReply,
  WebhookParams,
  WebhookReply,
} from 'contract';
import type { BrandPermission } from 'contract/teams';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { StatusReply } from '../../lib/schema.js';
import type { Tx } from '../../lib/sql.js';
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import { pageMeta, paging } from '../../lib/paging.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { changedFields, recordAudit, userActor, type AuditChange } from '../audit/index.js';
import { webhookBody } from './body.js';
import { claimDeliveryNow } from './deliveries.js';
import {
  createTestDelivery,
  createWebhook,
  deleteWebhook,
  findAttempt,
  findWebhook,
  listAttempts,
  listWebhooks,
  newWebhookSecret,
  rotateSecret,
  updateWebhook,
  webhookView,
} from './repository.js';
import { targetUrlProblem } from './target.js';
import { attemptDelivery, webhookWorkerContext } from './worker.js';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

/** A webhook as an audit entry's target: its id, labelled with its url. */
const labelled = (row: { id: number; url: string }) => ({ id: row.id, label: row.url });

/** A webhook's audited fields (never its secret). */
const webhookAudit = (row: { url: string; events: string[]; enabled: boolean }) => ({
  url: row.url,
  events: row.events,
  enabled: row.enabled,
});

/** A request on a brand's webhooks, and on one of them. */
type BrandRequest = FastifyRequest & { params: { brandId: number } };
type WebhookRequest = FastifyRequest & { params: { brandId: number; webhookId: number } };

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.deps;
  const { signedIn } = signedInRoutes(app, 'webhooks');
  const worker = webhookWorkerContext(app);

  const checkedUrl = (url: string) => {
    const problem = targetUrlProblem(url.trim(), config.webhooksAllowPrivateUrls);
    if (problem) throw fieldError('url', problem);
    return url.trim();
  };
  /** The path's brand, as `permission` lets the caller act on it (404 'Brand not found'). */
  const brandOf = (request: BrandRequest, permission: BrandPermission) =>
    manageableBrand(db, principalOf(request), request.params.brandId, permission);
  /** The path's brand and its webhook `webhookId`, or 404 'Webhook not found'. */
  const webhookOf = async (request: WebhookRequest, permission: BrandPermission) => {
    const brand = await brandOf(request, permission);
    const hook = await findWebhook(db, brand.id, request.params.webhookId);
    if (!hook) throw notFound(WEBHOOK_NOT_FOUND);
    return { brand, hook };
  };
  /** Records `action` on a webhook of `brandId` in `tx`, the transaction of the change. */
  const auditWebhook = (
    tx: Tx,
    request: FastifyRequest,
    brandId: number,
    action: string,
    target: { id: number; label: string | null },
    change: Pick<AuditChange, 'before' | 'after'>,
  ) =>
    recordAudit(tx, userActor(request), {
      brandId,
      action,
      target: { kind: 'webhook', ...target },
      ...change,
      at: clock(),
    });
  /** Claims the delivery now and attempts it; the attempt as the log shows it. */
  const attemptNow = async (webhookId: number, deliveryId: number) => {
    const claim = await claimDeliveryNow(db, webhookId, deliveryId, {
      now: clock(),
      instance: worker.instance,
    });
    if (!claim) throw notFound('Delivery not found');
    if (claim === 'busy') throw new HttpError(409, 'This delivery is being attempted right now');
    const recorded = await attemptDelivery(worker, claim);
    return { attempt: await findAttempt(db, recorded.attemptId) };
  };

  app.get(
    '/brand/:brandId/webhooks/',
    signedIn(
      "A brand's webhooks",
      { 200: WebhookListReply },
      { params: WebhookBrandParams, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await brandOf(request, 'view');
      return { webhooks: (await listWebhooks(db, brand.id)).map(webhookView) };
    },
  );

  app.post(
    '/brand/:brandId/webhooks/',
    signedIn(
      'Add a webhook; its signing secret is in this reply only',
      { 201: CreatedWebhookReply },
      {
        description:
          'Deliveries are signed as the Standard Webhooks specification says (webhook-id, webhook-timestamp, webhook-signature).',
        params: WebhookBrandParams,
        body: CreateWebhookBody,
        access: brandRoute('developers'),
      },
    ),
    async (request, reply) => {
      const brand = await brandOf(request, 'developers');
      const url = checkedUrl(request.body.url);
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const created = await createWebhook(tx, {
          brandId: brand.id,
          url,
          events: request.body.events,
          secret,
          at: clock(),
        });
        await auditWebhook(tx, request, brand.id, 'webhook.created', labelled(created), {
          after: webhookAudit(created),
        });
        return created;
      });
      return reply.code(201).send({ webhook: webhookView(row), secret });
    },
  );

  app.patch(
    '/brand/:brandId/webhooks/:webhookId/',
    signedIn(
      "Change a webhook's url, events or enabled",
      { 200: WebhookReply },
      { params: WebhookParams, body: UpdateWebhookBody, access: brandRoute('developers') },
    ),
    async (request) => {
      const brand = await brandOf(request, 'developers');
      const url = request.body.url === undefined ? undefined : checkedUrl(request.body.url);
      const row = await db.transaction(async (tx) => {
        const before = await findWebhook(tx, brand.id, request.params.webhookId);
        const updated = await updateWebhook(tx, brand.id, request.params.webhookId, {
          ...request.body,
          url,
        });
        const change =
          before && updated && changedFields(webhookAudit(before), webhookAudit(updated));
        if (updated && change)
          await auditWebhook(tx, request, brand.id, 'webhook.updated', labelled(updated), change);
        return updated;
      });
      if (!row) throw notFound(WEBHOOK_NOT_FOUND);
      return { webhook: webhookView(row) };
    },
  );

  app.delete(
    '/brand/:brandId/webhooks/:webhookId/',
    signedIn(
      'Delete a webhook and its delivery log',
      { 200: StatusReply },
      { params: WebhookParams, access: brandRoute('developers') },
    ),
    async (request) => {
      const brand = await brandOf(request, 'developers');
      const deleted = await db.transaction(async (tx) => {
        const before = await findWebhook(tx, brand.id, request.params.webhookId);
        if (!before || !(await deleteWebhook(tx, brand.id, before.id))) return false;
        await auditWebhook(tx, request, brand.id, 'webhook.deleted', labelled(before), {
          before: webhookAudit(before),
        });
        return true;
      });
      if (!deleted) throw notFound(WEBHOOK_NOT_FOUND);
      return { status: 'success' as const, message: 'Webhook deleted' };
    },
  );

  app.post(
    '/brand/:brandId/webhooks/:webhookId/rotate-secret/',
    signedIn(
      'Replace the signing secret; the new one is in this reply only',
      { 200: RotatedSecretReply },
      {
        description:
          'Deliveries carry a signature with the old secret beside the new one until old_secret_signs_until (WEBHOOK_SECRET_OVERLAP_HOURS, default 24), so a receiver can switch without missing any.',
        params: WebhookParams,
        access: brandRoute('developers'),
      },
    ),
    async (request) => {
      const brand = await brandOf(request, 'developers');
      const secret = newWebhookSecret();
      const overlapHours = config.webhookSecretOverlapHours;
      const oldSignsUntil =
        overlapHours > 0 ? new Date(clock().getTime() + overlapHours * 3_600_000) : null;
      const rotated = await db.transaction(async (tx) => {
        const id = request.params.webhookId;
        if (!(await rotateSecret(tx, brand.id, id, secret, oldSignsUntil))) return false;
        const target = { id: request.params.webhookId, label: null };
        await auditWebhook(tx, request, brand.id, 'webhook.secret_rotated', target, {});
        return true;
      });
      if (!rotated) throw notFound(WEBHOOK_NOT_FOUND);
      return {
        secret,
        old_secret_signs_until: oldSignsUntil?.toISOString() ?? null,
        overlap_hours: overlapHours,
      };
    },
  );

  app.get(
    '/brand/:brandId/webhooks/:webhookId/deliveries/',
    signedIn(
      "A webhook's delivery attempts, newest first",
      { 200: WebhookDeliveriesReply },
      { params: WebhookParams, querystring: WebhookDeliveriesQuery, access: brandRoute('view') },
    ),
    async (request) => {
      const { hook } = await webhookOf(request, 'view');
      const page = paging(request.query.page, request.query.per_page, 20);
      const { results, total } = await listAttempts(db, hook.id, page);
      return { results, meta: pageMeta(total, page) };
    },
  );

  app.post(
    '/brand/:brandId/webhooks/:webhookId/deliveries/:deliveryId/retry/',
    signedIn(
      'Send a delivery again now',
      { 200: WebhookAttemptReply },
      {
        description:
          'The same webhook-id and body, signed anew. 409 while an attempt of it is under way.',
        params: WebhookDeliveryParams,
        errors: [409],
        access: brandRoute('developers'),
      },
    ),
    async (request) => {
      const { hook } = await webhookOf(request, 'developers');
      return attemptNow(hook.id, request.params.deliveryId);
    },
  );

  app.post(
    '/brand/:brandId/webhooks/:webhookId/test/',
    signedIn(
      `Send a ${WEBHOOK_TEST_EVENT} event now`,
      { 200: WebhookAttemptReply },
      { params: WebhookParams, access: brandRoute('developers') },
    ),
    async (request) => {
      const { brand, hook } = await webhookOf(request, 'developers');
      const now = clock();
      const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
      const body = webhookBody(WEBHOOK_TEST_EVENT, now, {
        brand_id: brand.id,
        webhook_id: hook.id,
        message: 'A test event sent from the Webhooks screen',
      });
      const deliveryId = await createTestDelivery(db, hook.id, body, messageId, now);
      return attemptNow(hook.id, deliveryId);
    },
  );
};

export default webhookRoutes;
