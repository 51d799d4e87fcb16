import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom plus Node's fetch classes. jsdom has no fetch, Request, Response or Headers, and RTK
 * Query's fetchBaseQuery builds a `Request` before calling `fetch`, so stubbing `fetch` alone is
 * not enough. This module runs in Node's realm, where the classes exist, and hands them to the
 * test realm. Test files opt in with the docblock `@jest-environment ./src/test/jsdomWithFetch.ts`.
 */
export default class JsdomWithFetch extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    const page = this.global;

    // A browser resolves the API's relative '/api/v1/...' against the page; Node's Request has
    // no page, so relative URLs are resolved against jsdom's location.
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
      }
    }

    Object.assign(page, {
      Request: PageRequest,
      Response,
      Headers,
      // Node's Request accepts only its own AbortSignal; jsdom's would be rejected.
      AbortController,
      AbortSignal,
      // Missing from jsdom too, and react-router needs them at import time.
      TextEncoder,
      TextDecoder,
      // Each test points this at its fake API; a call nobody stubbed fails loudly.
      fetch: () => Promise.reject(new Error('fetch is not stubbed in this test')),
    });
  }
}
