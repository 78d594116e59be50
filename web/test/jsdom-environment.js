// jsdom plus the Web APIs it lacks that the app's libraries touch at import time
// (TextEncoder for react-router) or at run time (fetch for RTK Query, matchMedia for
// react-hot-toast, ResizeObserver for Radix's tooltip placement). Requests get a
// 404 unless a test replaces `fetch`; relative URLs resolve against jsdom's location.
import { TestEnvironment } from 'jest-environment-jsdom';

export default class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const global = this.global;
    global.TextEncoder = TextEncoder;
    global.TextDecoder = TextDecoder;
    global.Response = Response;
    global.Headers = Headers;
    global.AbortController = AbortController;
    global.Request = class extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, global.location.href) : input, init);
      }
    };
    global.matchMedia = (query) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    });
    global.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    global.fetch = () =>
      Promise.resolve(
        new Response('{"message":"Not found."}', {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
  }
}
