import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom with Node's fetch classes (and the text codecs). jsdom has no fetch, Request, Response or Headers, and RTK
 * Query builds a `Request` before it calls `fetch`, so a stubbed `fetch` alone is not enough.
 * This module runs in Node's own realm, where those classes exist, and hands them to the test
 * realm. Tests opt in with the docblock `@jest-environment ./src/test/jsdomWithFetch.ts`.
 */
export default class JsdomWithFetch extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    const page = this.global;

    // A browser resolves the relative '/api/v1/...' against the page; Node's Request has no
    // page, so relative URLs are resolved against jsdom's location here.
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
      // Also missing from jsdom, and needed by react-router at import time.
      TextEncoder,
      TextDecoder,
      // Replaced by each test's fake server; unstubbed calls fail loudly instead of reaching out.
      fetch: () => Promise.reject(new Error('fetch is not stubbed in this test')),
    });
  }
}
