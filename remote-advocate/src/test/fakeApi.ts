/**
 * A stand-in for the API server in component tests (the pattern of remote-user's): the global
 * fetch answers from routes keyed 'METHOD path' (path relative to /api/v1/) and records every
 * call with its body and bearer header. Unknown routes answer 404, so an unexpected call fails.
 */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

export type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

export interface FakeApi {
  calls: ApiCall[];
  callsTo(route: string): ApiCall[];
}

/** Node's Request rejects the app's relative '/api/v1/...'; resolve it against jsdom's page. */
function resolveRequestsAgainstPage(): void {
  const NodeRequest = globalThis.Request;
  if (Object.hasOwn(NodeRequest, 'resolvesAgainstPage')) return;
  class PageRequest extends NodeRequest {
    static readonly resolvesAgainstPage = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  globalThis.Request = PageRequest;
}

export function fakeApi(routes: Record<string, Route>): FakeApi {
  resolveRequestsAgainstPage();
  const calls: ApiCall[] = [];

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api\/v1\//, ''),
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply: Reply =
      route === undefined
        ? { status: 404, body: { detail: 'Not found.' } }
        : typeof route === 'function'
          ? await route(call)
          : route;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/** A reply held back until the test releases it, to observe busy states. */
export function heldReply(reply: Reply): { route: () => Promise<Reply>; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route: () => gate.then(() => reply), release };
}
