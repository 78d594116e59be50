import { describe, expect, it } from '@jest/globals';
import type { ChatLineReceived } from '@greetboard/contracts';
import {
  SessionRulesCache,
  countsAsChatter,
  type ChatLineContext,
  type MonitoredSession,
} from './chat-line-rules.js';
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

describe('SessionRulesCache', () => {
  const session = (changes: Partial<MonitoredSession> = {}): MonitoredSession => ({
    id: 's1',
    channel: 'streamer',
    keywords: null,
    ignored: 'troll,spammer',
    ...changes,
  });

  it("builds a session's rules from its channel, keywords and ignore list", () => {
    const { id, context } = new SessionRulesCache().rulesOf(session());
    expect(id).toBe('s1');
    expect(countsAsChatter(line('viewer'), context)).toBe(true);
    expect(countsAsChatter(line('streamer'), context)).toBe(false);
    expect(countsAsChatter(line('troll'), context)).toBe(false);
    expect(countsAsChatter(line('spammer'), context)).toBe(false);
    const none = new SessionRulesCache().rulesOf(session({ ignored: '' })).context;
    expect([...none.ignored]).toEqual([]);
  });

  it('keeps the rules while nothing they come from changed', () => {
    const cache = new SessionRulesCache();
    const first = cache.rulesOf(session());
    expect(cache.rulesOf(session())).toBe(first);
    expect(cache.rulesOf(session({ id: 's2' }))).not.toBe(first);
  });

  it.each([
    ['keywords', { keywords: '["raid"]' }],
    ['ignore list', { ignored: 'troll' }],
    ['channel', { channel: 'renamed' }],
  ])('builds the rules again when the %s changed', (_, changes: Partial<MonitoredSession>) => {
    const cache = new SessionRulesCache();
    const first = cache.rulesOf(session());
    const next = cache.rulesOf(session(changes));
    expect(next).not.toBe(first);
    expect(cache.rulesOf(session(changes))).toBe(next);
  });

  it('applies a changed keyword list and ignore list to the next batch', () => {
    const cache = new SessionRulesCache();
    expect(countsAsChatter(line('viewer', 'hello'), cache.rulesOf(session()).context)).toBe(true);
    const keyed = cache.rulesOf(session({ keywords: '["raid"]' })).context;
    expect(countsAsChatter(line('viewer', 'hello'), keyed)).toBe(false);
    expect(countsAsChatter(line('viewer', 'raid!'), keyed)).toBe(true);
    const unignored = cache.rulesOf(session({ ignored: 'spammer' })).context;
    expect(countsAsChatter(line('troll'), unignored)).toBe(true);
  });
});
