import { describe, expect, it } from '@jest/globals';
import { nameIn, subjectIn, subjectOutside } from './installation-names.js';

describe('installation names', () => {
  it('prefixes subjects and takes the prefix off again', () => {
    expect(subjectIn('gb-a', 'sessions.chatter.greet.v1')).toBe('gb-a.sessions.chatter.greet.v1');
    expect(subjectOutside('gb-a', 'gb-a.chat.line.v1.streamer')).toBe('chat.line.v1.streamer');
    expect(subjectOutside('gb-a', 'gb-b.chat.line.v1.streamer')).toBe('gb-b.chat.line.v1.streamer');
  });

  it('names streams and consumers without dots', () => {
    expect(nameIn('gb-a', 'CHAT_LINES_V1')).toBe('gb-a_CHAT_LINES_V1');
  });

  it('leaves names alone without a prefix', () => {
    expect(subjectIn(undefined, 'domain.user.changed.v1')).toBe('domain.user.changed.v1');
    expect(nameIn(undefined, 'sessions-users-v1')).toBe('sessions-users-v1');
  });
});
