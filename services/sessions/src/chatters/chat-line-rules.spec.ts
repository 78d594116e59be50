import { describe, expect, it } from '@jest/globals';
import type { ChatLineReceived } from '@greetboard/contracts';
import { countsAsChatter, type ChatLineContext } from './chat-line-rules.js';
import { KeywordFilter } from './keyword-filter.js';

const line = (login: string, text = 'hi'): ChatLineReceived => ({
  id: 'm1',
  channel: 'streamer',
  channelId: '1',
  userId: '2',
  login,
  displayName: login,
  text,
  sentAt: 0,
  firstMessage: false,
  returningChatter: false,
});

const context = (keywords: string[] = []): ChatLineContext => ({
  ownerLogin: 'Streamer',
  ignored: new Set(['troll']),
  keywords: new KeywordFilter(keywords),
});

describe('countsAsChatter', () => {
  it('counts an ordinary viewer', () => {
    expect(countsAsChatter(line('viewer'), context())).toBe(true);
  });

  it.each(['streamer', 'Nightbot', 'streamelements', 'fossabot', 'soundalerts', 'troll'])(
    'never counts %s',
    (login) => {
      expect(countsAsChatter(line(login.toLowerCase()), context())).toBe(false);
    },
  );

  it('applies the keywords', () => {
    expect(countsAsChatter(line('viewer', 'hello'), context(['raid']))).toBe(false);
    expect(countsAsChatter(line('viewer', 'RAID!'), context(['raid']))).toBe(true);
  });
});
