import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChannelJoins, type JoinEvent, type JoinTiming } from './channel-joins.js';
import { JoinRateLimiter } from './join-rate-limiter.js';

const timing: JoinTiming = { joinTimeoutMs: 10_000, retryMinMs: 1_000, retryMaxMs: 8_000 };

/** An IRC link that records what was sent, and when; Twitch's answers are given by the test. */
class FakeLink {
  connected = true;
  readonly sent: { command: string; at: number }[] = [];
  isConnected = () => this.connected;
  sendJoin = (channel: string) => this.sent.push({ command: `JOIN ${channel}`, at: Date.now() });
  sendPart = (channel: string) => this.sent.push({ command: `PART ${channel}`, at: Date.now() });
  joinsOf(channel: string) {
    return this.sent.filter((entry) => entry.command === `JOIN ${channel}`);
  }
}

function setUp(limiter = new JoinRateLimiter(20, 10_000)) {
  const link = new FakeLink();
  const events: JoinEvent[] = [];
  const joins = new ChannelJoins(link, limiter, (event) => events.push(event), timing);
  return { link, events, joins };
}

/** Lets the rate limiter's promise chain run without moving the clock. */
const flush = () => jest.advanceTimersByTimeAsync(0);

describe('ChannelJoins', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('accepts a confirmation long after tmi.js would have given up, with one JOIN', async () => {
    const { link, events, joins } = setUp();
    joins.want('slow');
    await flush();
    expect(link.joinsOf('slow')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2_500);
    expect(joins.isJoined('slow')).toBe(false);
    joins.confirmed('slow');
    expect(joins.joined()).toEqual(['slow']);
    expect(events).toEqual([{ channel: 'slow', joined: true, since: Date.now() }]);
    // A ROOMSTATE after the echo, and the deadline passing, change nothing.
    joins.confirmed('slow');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(link.joinsOf('slow')).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('retries an unconfirmed JOIN on the same link with a doubling, capped backoff', async () => {
    const { link, events, joins } = setUp();
    joins.want('silent');
    await flush();
    const started = Date.now();
    await jest.advanceTimersByTimeAsync(120_000);
    const gaps = link
      .joinsOf('silent')
      .map((entry, index, all) => entry.at - (index === 0 ? started : all[index - 1].at));
    // Timeout, then 1, 2, 4, 8, 8 ... seconds of backoff before the next JOIN.
    expect(gaps.slice(0, 6)).toEqual([0, 11_000, 12_000, 14_000, 18_000, 18_000]);
    expect(events.every((event) => !event.joined && event.reason === 'timeout')).toBe(true);
    expect(events[0]).toMatchObject({ since: started });
    // Confirmed at last: no more JOINs, and the backoff starts afresh after the next failure.
    joins.confirmed('silent');
    const sent = link.joinsOf('silent').length;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(link.joinsOf('silent')).toHaveLength(sent);
  });

  it('backs off after a refusal and joins once Twitch accepts', async () => {
    const { link, events, joins } = setUp();
    joins.want('renamed');
    await flush();
    joins.refused('renamed');
    expect(events).toEqual([
      { channel: 'renamed', joined: false, reason: 'refused', since: Date.now() },
    ]);
    await jest.advanceTimersByTimeAsync(999);
    expect(link.joinsOf('renamed')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(link.joinsOf('renamed')).toHaveLength(2);
    joins.confirmed('renamed');
    expect(joins.isJoined('renamed')).toBe(true);
  });

  it('forgets joins on a drop and sends every wanted channel again on the reconnect', async () => {
    const { link, events, joins } = setUp();
    for (const channel of ['a', 'b', 'c']) joins.want(channel);
    await flush();
    joins.confirmed('a');
    joins.confirmed('b');
    link.connected = false;
    joins.disconnected();
    joins.disconnected(); // tmi.js reports an error and then the close
    expect(joins.joined()).toEqual([]);
    expect(
      events.filter((event) => !event.joined).map((event) => [event.channel, event.reason]),
    ).toEqual([
      ['a', 'disconnected'],
      ['b', 'disconnected'],
      ['c', 'disconnected'],
    ]);
    // However long Twitch is away, nothing is sent meanwhile and nothing is given up.
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(link.sent).toHaveLength(3);
    link.connected = true;
    joins.connected();
    await flush();
    expect(link.sent.slice(3).map((entry) => entry.command)).toEqual([
      'JOIN a',
      'JOIN b',
      'JOIN c',
    ]);
    for (const channel of ['a', 'b', 'c']) joins.confirmed(channel);
    expect(joins.joined()).toEqual(['a', 'b', 'c']);
  });

  it('joins again a channel Twitch parted it from', async () => {
    const { link, joins } = setUp();
    joins.want('banned');
    await flush();
    joins.confirmed('banned');
    joins.parted('banned');
    expect(joins.isJoined('banned')).toBe(false);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(link.joinsOf('banned')).toHaveLength(2);
  });

  it('never sends a second JOIN for a channel already wanted', async () => {
    const { link, joins } = setUp();
    joins.want('once');
    joins.want('once');
    await flush();
    joins.want('once');
    joins.connected(); // a JOIN in flight is not sent again either
    await flush();
    expect(link.joinsOf('once')).toHaveLength(1);
  });

  it('parts a channel given up while its JOIN was in flight, even if confirmed after', async () => {
    const { link, joins } = setUp();
    joins.want('gone');
    await flush();
    joins.unwant('gone');
    joins.confirmed('gone');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(link.sent.map((entry) => entry.command)).toEqual([
      'JOIN gone',
      'PART gone',
      'PART gone',
    ]);
    expect(joins.wanted()).toEqual([]);
  });

  it('paces the JOINs of every connection of one account through its one limiter', async () => {
    const limiter = new JoinRateLimiter(3, 10_000);
    const first = setUp(limiter);
    const second = setUp(limiter);
    for (const channel of ['a', 'b', 'c', 'd']) first.joins.want(channel);
    for (const channel of ['e', 'f']) second.joins.want(channel);
    await flush();
    const sentAt = () => [...first.link.sent, ...second.link.sent].map((entry) => entry.at);
    expect(sentAt()).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(sentAt()).toHaveLength(6);
    const times = sentAt().sort((a, b) => a - b);
    for (let i = 3; i < times.length; i++)
      expect(times[i] - times[i - 3]).toBeGreaterThanOrEqual(10_000);
  });
});
