import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom plus Node's fetch classes, for tests that talk to a fake API through RTK Query. Test
 * files opt in with the docblock `@jest-environment ./src/test/jsdomWithFetch.ts`.
 *
 * - fetchBaseQuery builds a `Request` from the relative '/api/v1/...' before calling fetch; a
 *   browser resolves that against the page, Node's Request needs it resolved by hand.
 * - Multipart bodies must be Node's own FormData, File and Blob: Node's Request turns a jsdom
 *   FormData into the string '[object FormData]'. Files built in tests then come from Node too.
 */
export default class JsdomWithFetch extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    const page = this.global;

    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
      }
    }

    Object.assign(page, {
      Request: PageRequest,
      Response,
      Headers,
      FormData,
      Blob,
      File,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      // Each test points this at its fake API; a call nobody stubbed fails loudly.
      fetch: () => Promise.reject(new Error('fetch is not stubbed in this test')),
    });
  }
}
