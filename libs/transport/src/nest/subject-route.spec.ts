import { describe, expect, it } from '@jest/globals';
import { Server } from '@nestjs/microservices';
import { isJsonPattern } from './subject-route.js';

/** Nest's own route lookup, to compare against. */
class NestRoutes extends Server {
  listen(): void {}
  close(): void {}
  on(): void {}
  unwrap<T>(): T {
    return undefined as T;
  }
  route(pattern: string): string {
    return this.getRouteFromPattern(pattern);
  }
}

describe('isJsonPattern', () => {
  const nest = new NestRoutes();

  it.each(['live.chatters', 'greetboard.sessions.chatters.view.v1', 'Auth_me', 'a'])(
    'takes the subject %s as its own route, as Nest finds it',
    (subject) => {
      expect(isJsonPattern(subject)).toBe(false);
      expect(nest.route(subject)).toBe(subject);
    },
  );

  it.each(['{"cmd":"sum"}', '"quoted"', '42', 'null', 'true', '[1]', ''])(
    'leaves %s to Nest, which parses it',
    (pattern) => {
      expect(isJsonPattern(pattern)).toBe(true);
    },
  );
});
