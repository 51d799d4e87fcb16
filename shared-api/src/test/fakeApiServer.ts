/**
 * A stand-in for the API server in tests: routes keyed 'METHOD path' (path relative to
 * /api/v1/), real fetch Responses, and a log of every call with its bearer header and body.
 * Needs Node's fetch classes, so tests using it run in the node environment.
 */
import { replyTo, type RawReply } from './fakeApi';

export interface FakeCall {
  method: string;
  path: string;
  authorization: string | null;
  /** Whether cookies go with the call: the refresh token travels in one. */
  credentials: RequestCredentials;
  body: unknown;
}

export type FakeRoute = RawReply | ((call: FakeCall) => RawReply | Promise<RawReply>);

export interface FakeApiServer {
  fetch: typeof fetch;
  calls: FakeCall[];
  callsTo(route: string): FakeCall[];
}

export const TEST_ORIGIN = 'http://app.test';

export function fakeApiServer(routes: Record<string, FakeRoute>): FakeApiServer {
  const calls: FakeCall[] = [];

  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call: FakeCall = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api\/v1\//, ''),
      authorization: request.headers.get('Authorization'),
      credentials: request.credentials,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    return replyTo(routes, call);
  };

  return {
    fetch: fetchFn,
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/**
 * Routes the global fetch to `server`. The app's base URL is the relative '/api/v1/', which a
 * browser resolves against the page; Node's Request needs an origin, so one is supplied.
 * Returns a function that restores the originals.
 */
export function installGlobalFetch(server: FakeApiServer): () => void {
  const original = { fetch: globalThis.fetch, Request: globalThis.Request };
  class PageRequest extends original.Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, TEST_ORIGIN) : input, init);
    }
  }
  globalThis.Request = PageRequest;
  globalThis.fetch = server.fetch;
  return () => {
    globalThis.fetch = original.fetch;
    globalThis.Request = original.Request;
  };
}

/** A promise plus its resolver, to hold a reply until the test lets it go. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
