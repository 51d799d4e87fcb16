/**
 * The fake API server of every remote's component tests (`shared-api/testing`): routes keyed
 * 'METHOD path' (path relative to /api/v1/, without the query), answered with real Responses,
 * and a log of every call with its query, bearer header and decoded body (JSON, or the fields of
 * a multipart form). Needs the fetch classes of the root jest.environment.js (multipart bodies:
 * remote-brand's jsdomWithFetch.ts, which also swaps in Node's FormData).
 *
 * Routes are typed by the contract's route map: a key must be a call the server has ('GET
 * brand/3/' matches 'GET brand/{id}/'), a success reply's body is that route's reply type, and
 * an error reply (status 400 or above) carries the error envelope. A reply schema changed on the
 * server is a type error in every test that fakes it.
 */
import type { ApiErrorReply, ApiReply, ApiRoute } from 'contract';

/** A file field of a multipart body, as the server would see it. */
export interface SentFile {
  file: string;
  type: string;
  size: number;
}

export type SentBody = Record<string, unknown> | undefined;

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** 'json', 'multipart' or 'none': tests assert which encoding a form chose. */
  encoding: 'json' | 'multipart' | 'none';
  body: SentBody;
  authorization: string | null;
}

/** The statuses the server answers a call with when it fails. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** A reply to `Route` (a concrete key such as 'GET brand/3/'; any route when left out). */
export type FakeReply<Route extends string = ApiRoute> =
  | { status?: 200 | 201; body: ApiReply<Route> }
  | { status: ErrorStatus; body?: ApiErrorReply<Route> }
  /** An error page that is not JSON at all, as a proxy in front of the server may send. */
  | { status: ErrorStatus; html: string };

export type FakeRoute<Route extends string = ApiRoute> =
  FakeReply<Route> | ((call: FakeCall) => FakeReply<Route> | Promise<FakeReply<Route>>);

/** The routes of a fake API: only calls of the route map, each answered with its own types. */
export type FakeRoutes = { [Route in ApiRoute]?: FakeRoute<Route> };

export interface FakeApi {
  calls: FakeCall[];
  callsTo(route: ApiRoute): FakeCall[];
  /** The body of the only call to `route`; fails the test when there is not exactly one. */
  bodyOf(route: ApiRoute): SentBody;
}

/** Any status and JSON body: what `replyTo` sends (the shared-api tests of envelopes and
 * made-up routes use it as is; the remotes' fake API types it by the route map). */
export interface RawReply {
  status?: number;
  body?: unknown;
  html?: string;
}

const API_ROOT = '/api/v1/';

async function decodeBody(request: Request): Promise<Pick<FakeCall, 'encoding' | 'body'>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const body: Record<string, unknown> = {};
    form.forEach((value, name) => {
      body[name] =
        typeof value === 'string'
          ? value
          : ({ file: value.name, type: value.type, size: value.size } satisfies SentFile);
    });
    return { encoding: 'multipart', body };
  }
  const text = await request.text();
  return text
    ? { encoding: 'json', body: JSON.parse(text) }
    : { encoding: 'none', body: undefined };
}

/** The answer to `call` from `routes` (404 for an unknown route, as the server), as a JSON Response. */
export async function replyTo<Call extends { method: string; path: string }>(
  routes: Partial<Record<string, RawReply | ((call: Call) => RawReply | Promise<RawReply>)>>,
  call: Call,
): Promise<Response> {
  const route = routes[`${call.method} ${call.path}`];
  const reply: RawReply =
    route === undefined
      ? { status: 404, body: { detail: 'Not found.' } }
      : typeof route === 'function'
        ? await route(call)
        : route;
  if (reply.html !== undefined) {
    return new Response(reply.html, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'text/html' },
    });
  }
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Points the global fetch at `routes`; unknown routes answer 404 like the server would. */
export function fakeApi(routes: FakeRoutes): FakeApi {
  const calls: FakeCall[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: FakeCall = {
      method: request.method,
      path: url.pathname.replace(API_ROOT, ''),
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.get('Authorization'),
      ...(await decodeBody(request)),
    };
    calls.push(call);
    return replyTo<FakeCall>(routes, call);
  };
  const callsTo = (route: ApiRoute) =>
    calls.filter((call) => `${call.method} ${call.path}` === route);
  return {
    calls,
    callsTo,
    bodyOf(route) {
      const matching = callsTo(route);
      expect(matching).toHaveLength(1);
      return matching[0].body;
    },
  };
}

/** A reply held back until the test releases it, to observe busy states. */
export function heldReply<
  Reply extends { status?: 200 | 201 | ErrorStatus; body?: unknown; html?: string },
>(
  reply: Reply,
): {
  route: () => Promise<Reply>;
  release: () => void;
} {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route: () => gate.then(() => reply), release };
}
