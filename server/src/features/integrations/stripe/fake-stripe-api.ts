// A local HTTP server standing in for Stripe's API in tests: the few calls a restricted-key
// connection makes, answered in the shapes of Stripe's API reference (form-encoded requests, JSON
// objects and lists, `{ error: { type, message, … } }` refusals: 401 for a key it does not know,
// 403 naming the missing `rak_…` permission, 404 `resource_missing`). Like Stripe, creating a
// customer sends `customer.created`, signed with each subscribed endpoint's secret, through
// `deliver` (tests hand it to the app under test).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeKey {
  livemode: boolean;
  /** The rak_… permissions the key was given. */
  permissions: string[];
}

export interface FakeEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  api_version: string | null;
  description: string | null;
  metadata: Record<string, string>;
  livemode: boolean;
  secret: string;
}

export interface FakePromotionCode {
  id: string;
  code: string;
  active: boolean;
  livemode: boolean;
  times_redeemed?: number;
}

/** Where Stripe posts an event: the endpoint's URL, the JSON body and its Stripe-Signature. */
export type Deliver = (url: string, payload: string, signature: string) => Promise<void>;

export interface FakeStripeApi {
  /** The origin to give STRIPE_API_BASE. */
  base: string;
  keys: Map<string, FakeKey>;
  endpoints: Map<string, FakeEndpoint>;
  promotionCodes: FakePromotionCode[];
  /** Every request, as "METHOD /path". */
  requests: string[];
  deliver: Deliver;
  close(): Promise<void>;
}

const ACCOUNT = 'acct_1FakeAdvocately';

/** `a[0]=x&a[1]=y&m[k]=v&s=t` (how the stripe package encodes parameters) → plain values. */
function formFields(body: string): Record<string, string | string[] | Record<string, string>> {
  const fields: Record<string, string | string[] | Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([^[]+)\[([^\]]*)\]$/.exec(key);
    if (!nested) {
      fields[key] = value;
      continue;
    }
    const [, name = '', inner = ''] = nested;
    if (inner === '' || /^\d+$/.test(inner)) {
      const list = Array.isArray(fields[name]) ? fields[name] : [];
      list.push(value);
      fields[name] = list;
    } else {
      const map = (fields[name] ?? {}) as Record<string, string>;
      map[inner] = value;
      fields[name] = map;
    }
  }
  return fields;
}

const masked = (key: string) => `${key.slice(0, 8)}${'*'.repeat(24)}${key.slice(-4)}`;

export async function startFakeStripeApi(options: { now: () => Date }): Promise<FakeStripeApi> {
  const api: Omit<FakeStripeApi, 'base' | 'close'> = {
    keys: new Map(),
    endpoints: new Map(),
    promotionCodes: [],
    requests: [],
    deliver: async () => {},
  };
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }
  const refuse = (res: ServerResponse, status: number, error: Record<string, unknown>) =>
    send(res, status, { error: { type: 'invalid_request_error', ...error } });
  const missing = (res: ServerResponse, what: string, objectId: string) =>
    refuse(res, 404, {
      code: 'resource_missing',
      message: `No such ${what}: '${objectId}'`,
      param: 'id',
    });

  /** Stripe sends the event to every enabled endpoint of the mode subscribed to its type. */
  async function emit(type: string, object: Record<string, unknown>, livemode: boolean) {
    const created = Math.floor(options.now().getTime() / 1000);
    for (const endpoint of api.endpoints.values()) {
      if (endpoint.livemode !== livemode) continue;
      if (!endpoint.enabled_events.includes(type) && !endpoint.enabled_events.includes('*'))
        continue;
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: endpoint.api_version,
        created,
        data: { object },
        livemode,
        pending_webhooks: 1,
        request: { id: id('req'), idempotency_key: null },
        type,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: endpoint.secret,
        timestamp: created,
      });
      await api.deliver(endpoint.url, payload, signature);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const route = `${req.method} ${url.pathname}`;
    api.requests.push(route);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const key = api.keys.get(bearer);
    if (!key)
      return refuse(res, 401, {
        message: `Invalid API Key provided: ${masked(bearer)}`,
      });
    const allowed = (permission: string) => {
      if (key.permissions.includes(permission)) return true;
      // Write implies read, as in Stripe's restricted keys.
      if (
        permission.endsWith('_read') &&
        key.permissions.includes(permission.replace(/_read$/, '_write'))
      )
        return true;
      refuse(res, 403, {
        message: `The provided key '${masked(bearer)}' does not have the required permissions for this endpoint on account '${ACCOUNT}'. Having the '${permission}' permission would allow this request to continue.`,
      });
      return false;
    };
    const fields = formFields(body);
    const created = Math.floor(options.now().getTime() / 1000);

    if (route === 'POST /v1/webhook_endpoints') {
      if (!allowed('rak_webhook_write')) return;
      const endpoint: FakeEndpoint = {
        id: id('we'),
        url: String(fields.url),
        enabled_events: (fields.enabled_events as string[] | undefined) ?? [],
        api_version: typeof fields.api_version === 'string' ? fields.api_version : null,
        description: typeof fields.description === 'string' ? fields.description : null,
        metadata: (fields.metadata as Record<string, string> | undefined) ?? {},
        livemode: key.livemode,
        secret: `whsec_${randomBytes(24).toString('hex')}`,
      };
      api.endpoints.set(endpoint.id, endpoint);
      return send(res, 200, {
        object: 'webhook_endpoint',
        application: null,
        created,
        status: 'enabled',
        ...endpoint,
      });
    }
    const endpointPath = /^DELETE \/v1\/webhook_endpoints\/([^/]+)$/.exec(route);
    if (endpointPath) {
      if (!allowed('rak_webhook_write')) return;
      const endpointId = endpointPath[1] ?? '';
      if (!api.endpoints.delete(endpointId)) return missing(res, 'webhook endpoint', endpointId);
      return send(res, 200, { id: endpointId, object: 'webhook_endpoint', deleted: true });
    }
    const codeView = (p: FakePromotionCode) => ({
      object: 'promotion_code',
      created,
      customer: null,
      expires_at: null,
      max_redemptions: null,
      metadata: {},
      promotion: { coupon: 'SPRING10', type: 'coupon' },
      restrictions: {
        first_time_transaction: false,
        minimum_amount: null,
        minimum_amount_currency: null,
      },
      times_redeemed: 0,
      ...p,
    });
    if (route === 'GET /v1/promotion_codes') {
      if (!allowed('rak_promotion_code_read')) return;
      const active = url.searchParams.get('active');
      const code = url.searchParams.get('code')?.toLowerCase();
      const data = api.promotionCodes
        .filter((p) => p.livemode === key.livemode)
        .filter((p) => active === null || String(p.active) === active)
        .filter((p) => code === undefined || p.code.toLowerCase() === code)
        .map(codeView);
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/promotion_codes' });
    }
    const codePath = /^GET \/v1\/promotion_codes\/([^/]+)$/.exec(route);
    if (codePath) {
      if (!allowed('rak_promotion_code_read')) return;
      const found = api.promotionCodes.find(
        (p) => p.id === codePath[1] && p.livemode === key.livemode,
      );
      return found
        ? send(res, 200, codeView(found))
        : missing(res, 'promotion code', codePath[1] ?? '');
    }
    if (route === 'POST /v1/customers') {
      if (!allowed('rak_customer_write')) return;
      const customer = {
        id: id('cus'),
        object: 'customer',
        created,
        description: fields.description ?? null,
        email: fields.email ?? null,
        livemode: key.livemode,
        metadata: fields.metadata ?? {},
        name: fields.name ?? null,
      };
      send(res, 200, customer);
      // After the answer, as Stripe sends its events.
      setImmediate(() => void emit('customer.created', customer, key.livemode));
      return;
    }
    const customerPath = /^DELETE \/v1\/customers\/([^/]+)$/.exec(route);
    if (customerPath) {
      if (!allowed('rak_customer_write')) return;
      return send(res, 200, { id: customerPath[1], object: 'customer', deleted: true });
    }
    return refuse(res, 404, { message: `Unrecognized request URL (${route}).` });
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      handle(req, res, body).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(api, {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
