/**
 * The fake API server of every remote's component tests (`shared-api/testing`): routes keyed
 * 'METHOD path' (path relative to /api/v1/, without the query), answered with real Responses,
 * and a log of every call with its query, bearer header and decoded body (JSON, or the fields of
 * a multipart form). Needs the fetch classes of the root jest.environment.js (multipart bodies:
 * remote-brand's jsdomWithFetch.ts, which also swaps in Node's FormData).
 */

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

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

export interface FakeApi {
  calls: FakeCall[];
  callsTo(route: string): FakeCall[];
  /** The body of the only call to `route`; fails the test when there is not exactly one. */
  bodyOf(route: string): SentBody;
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
  routes: Record<string, FakeReply | ((call: Call) => FakeReply | Promise<FakeReply>)>,
  call: Call,
): Promise<Response> {
  const route = routes[`${call.method} ${call.path}`];
  const reply =
    route === undefined
      ? { status: 404, body: { detail: 'Not found.' } }
      : typeof route === 'function'
        ? await route(call)
        : route;
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Points the global fetch at `routes`; unknown routes answer 404 like the server would. */
export function fakeApi(routes: Record<string, FakeRoute>): FakeApi {
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
    return replyTo(routes, call);
  };
  const callsTo = (route: string) =>
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
export function heldReply(reply: FakeReply): {
  route: () => Promise<FakeReply>;
  release: () => void;
} {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route: () => gate.then(() => reply), release };
}
