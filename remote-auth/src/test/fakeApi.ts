/**
 * A fake API server for component tests: routes keyed 'METHOD path' (relative to /api/v1/),
 * answered with real `Response`s, and a log of every call. Relies on the fetch classes the root
 * jest environment (jest.environment.js) provides.
 */

export interface FakeCall {
  method: string;
  /** Relative to the API root, e.g. 'token/'. */
  path: string;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

export interface FakeApi {
  calls: FakeCall[];
  callsTo(route: string): FakeCall[];
}

const API_ROOT = '/api/v1/';

/** Points the global fetch at `routes`; unknown routes answer 404 like the server would. */
export function fakeApi(routes: Record<string, FakeRoute>): FakeApi {
  const calls: FakeCall[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call: FakeCall = {
      method: request.method,
      path: new URL(request.url).pathname.replace(API_ROOT, ''),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
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
  };
  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
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
