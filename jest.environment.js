// jsdom plus the web platform pieces Node has and jsdom lacks, so RTK Query and react-router run
// in component tests as they do in the browser:
// - fetchBaseQuery builds a Request from the relative '/api/v1/...'; a browser resolves it against
//   the page, Node's Request needs that done by hand.
// Blob, File and FormData stay jsdom's (user-event's clipboard reads jsdom Blobs); tests that send
// multipart bodies use remote-brand's environment, which swaps in Node's.
// - The abort classes come from Node too, because Node's Request rejects a jsdom AbortSignal.
// fetch itself fails loudly until a test points it at its fake API: no test reaches the network.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;

    class PageRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
      }
    }

    Object.assign(page, {
      Request: PageRequest,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      TransformStream,
      structuredClone,
      fetch: () => Promise.reject(new Error('fetch is not stubbed in this test')),
    });
  }
}

module.exports = JsdomWithFetchEnvironment;
