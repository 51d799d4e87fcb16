// What the billing providers' routes share (Stripe's in stripe/routes.ts, the others' in
// webhook-providers/routes.ts): the webhook's raw-body scope and its reply, an event recorded as
// ignored with why, the event log's rows, the few seconds an opened secret is kept, the endpoint
// URL, and the campaign a code route manages.
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { principalOf } from '../../plugins/auth.js';
import type { BrandPermission } from 'contract/teams';
import { manageableBrand } from '../access/index.js';
import { findCampaign } from '../campaigns/index.js';
import type { HandledEvent } from './apply-facts.js';
import type { BillingProvider, BillingProviderName, EventLogEntry } from './provider.js';

/** A Fastify instance with the TypeBox type provider, as a plugin receives it. */
export type TypeBoxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** How long an instance keeps a brand's opened connection (its signing secret). */
export const SECRET_CACHE_MS = 5_000;
/** How many of the latest events a connection's GET shows. */
export const LATEST_EVENTS = 20;

export const iso = (value: Date | string) => new Date(value).toISOString();

/** The absolute URL the provider posts the brand's events to. */
export const webhookUrl = (publicUrl: string, provider: BillingProviderName, brandId: number) =>
  `${publicUrl.replace(/\/+$/, '')}/api/v1/integrations/${provider}/webhook/${brandId}/`;

/**
 * Values opened per key (a brand's decrypted secret) kept for SECRET_CACHE_MS: every event would
 * otherwise read and decrypt the connection. PUT and DELETE drop this instance's entry; another
 * instance sees a change within SECRET_CACHE_MS.
 */
export function openedCache<K, V>(clock: () => Date) {
  const opened = new Map<K, { value: V; until: number }>();
  return {
    async get(key: K, open: () => Promise<V>): Promise<V> {
      const now = clock().getTime();
      const cached = opened.get(key);
      if (cached && cached.until > now) return cached.value;
      const value = await open();
      if (opened.size > 10_000) opened.clear();
      opened.set(key, { value, until: now + SECRET_CACHE_MS });
      return value;
    },
    drop(key: K) {
      opened.delete(key);
    },
  };
}

/**
 * Registers routes that receive the body as a Buffer: a webhook verifies its signature over the
 * exact bytes the provider sent, so only these routes skip JSON parsing (a context of their own).
 */
export async function withRawBody(app: TypeBoxApp, routes: (scope: TypeBoxApp) => void) {
  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<TypeBoxTypeProvider>();
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    routes(hook);
  });
}

/** The webhook's answer to a verified event: what became of it, or a duplicate of one seen before. */
export function receivedReply({ result, first }: HandledEvent) {
  return first
    ? { received: true as const, duplicate: false, outcome: result.outcome, detail: result.detail }
    : {
        received: true as const,
        duplicate: true,
        outcome: 'ignored' as const,
        detail: 'Event already received',
      };
}

/** Records an event that changes nothing (another mode's, a test), with why, in the provider's log. */
export async function recordIgnored(
  db: Database,
  provider: Pick<BillingProvider, 'recordEvent'>,
  event: { brandId: number; eventId: string; type: string; objectId: string | null },
  livemode: boolean | null,
  detail: string,
  at: Date,
): Promise<HandledEvent> {
  const result = {
    outcome: 'ignored' as const,
    detail,
    objectId: event.objectId,
    conversionId: null,
  };
  const first = await provider.recordEvent(db, { ...event, ...result, livemode, at }, []);
  return { result, first };
}

/** A row of a provider's event log as its connection's GET lists it. */
export const eventView = (
  e: Pick<
    EventLogEntry,
    'eventId' | 'type' | 'objectId' | 'outcome' | 'detail' | 'conversionId'
  > & {
    receivedAt: Date | string;
  },
) => ({
  id: e.eventId,
  type: e.type,
  object_id: e.objectId,
  outcome: e.outcome,
  detail: e.detail,
  conversion_id: e.conversionId,
  received_at: iso(e.receivedAt),
});

/** The campaign of a code route (its promotion or discount codes); 404 unless the caller may. */
export async function manageableCampaign(
  db: Database,
  campaignId: number,
  me: ReturnType<typeof principalOf>,
  permission: 'view' | 'catalog',
) {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign) throw notFound();
  await manageableBrand(db, me, campaign.brandId, permission);
  return campaign;
}

/** The brand of a `brand/{brandId}/…` route, when the caller may `permission` it; 404 otherwise. */
export const routeBrand = (
  db: Database,
  request: FastifyRequest & { params: { brandId: number } },
  permission: BrandPermission,
) => manageableBrand(db, principalOf(request), request.params.brandId, permission);
