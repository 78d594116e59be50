import { describe, expect, it } from '@jest/globals';
import { decodeIncomingMessage, MalformedPayload } from './incoming-request.js';

const parse = (text: string) => () => JSON.parse(text) as unknown;

describe('decodeIncomingMessage', () => {
  it('keeps a Nest request packet as it is', () => {
    const packet = { pattern: 'a', data: { x: 1 }, id: 'abc' };
    expect(decodeIncomingMessage(parse(JSON.stringify(packet)), 'a', 'inbox')).toEqual(packet);
  });

  it('turns malformed bytes with a reply subject into a request carrying a MalformedPayload', () => {
    const decoded = decodeIncomingMessage(parse('{oops'), 'a', 'inbox');
    expect(decoded.data).toBeInstanceOf(MalformedPayload);
    expect('id' in decoded && decoded.id).toBeTruthy();
  });

  it('treats a foreign JSON message as a request when it has a reply subject, else as an event', () => {
    expect(decodeIncomingMessage(parse('{"x":1}'), 'a', 'inbox')).toMatchObject({
      pattern: 'a',
      data: { x: 1 },
    });
    expect(decodeIncomingMessage(parse('{"x":1}'), 'a', 'inbox')).toHaveProperty('id');
    expect(decodeIncomingMessage(parse('{"x":1}'), 'a', undefined)).toEqual({
      pattern: 'a',
      data: { x: 1 },
    });
  });
});
