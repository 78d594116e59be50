import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CLAIM_RENEW_MS, type ClientMessage } from '@greetboard/contracts/wire';
import { CLAIM_DELAY_MS, CLAIM_GAP_MS, ClaimSender } from './claim-sender';

const SESSION = 'session-1';

describe('ClaimSender', () => {
  let sent: ClientMessage[];
  let sender: ClaimSender;

  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
    sent = [];
    sender = new ClaimSender({
      send: (message) => sent.push(message) > 0,
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
    });
  });

  it('claims a row once the selection rested on it, and renews the claim while it stays', () => {
    sender.want({ sessionId: SESSION, chatterId: 'a' });
    jest.advanceTimersByTime(CLAIM_DELAY_MS - 1);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([
      { type: 'claim_chatter', payload: { sessionId: SESSION, chatterId: 'a' } },
    ]);
    jest.advanceTimersByTime(CLAIM_RENEW_MS * 2);
    expect(sent).toHaveLength(3);
    // The same target again changes nothing.
    sender.want({ sessionId: SESSION, chatterId: 'a' });
    jest.advanceTimersByTime(CLAIM_DELAY_MS);
    expect(sent).toHaveLength(3);
  });

  it('sends nothing while the selection rushes through the list', () => {
    for (let i = 0; i < 50; i++) {
      sender.want({ sessionId: SESSION, chatterId: `row-${i}` });
      jest.advanceTimersByTime(CLAIM_DELAY_MS / 2);
    }
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(CLAIM_DELAY_MS);
    expect(sent.map((m) => m.type)).toEqual(['claim_chatter']);
  });

  it('replaces a claim without a release, and releases once the selection left', () => {
    sender.want({ sessionId: SESSION, chatterId: 'a' });
    jest.advanceTimersByTime(CLAIM_DELAY_MS);
    sender.want({ sessionId: SESSION, chatterId: 'b' });
    jest.advanceTimersByTime(CLAIM_GAP_MS);
    sender.want(null);
    jest.advanceTimersByTime(CLAIM_GAP_MS);
    expect(sent).toEqual([
      { type: 'claim_chatter', payload: { sessionId: SESSION, chatterId: 'a' } },
      { type: 'claim_chatter', payload: { sessionId: SESSION, chatterId: 'b' } },
      { type: 'release_chatter', payload: { sessionId: SESSION } },
    ]);
    jest.advanceTimersByTime(CLAIM_RENEW_MS * 3);
    expect(sent).toHaveLength(3);
  });

  it('keeps a second apart between messages, so the budget holds', () => {
    let at = 0;
    for (let i = 0; i < 40; i++) {
      sender.want(i % 2 ? null : { sessionId: SESSION, chatterId: `row-${i}` });
      jest.advanceTimersByTime(CLAIM_DELAY_MS + 50);
      at += CLAIM_DELAY_MS + 50;
    }
    // 40 moves over about 26 s; at most one message per CLAIM_GAP_MS.
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(at / CLAIM_GAP_MS));
  });

  it('releases at once when the page goes away', () => {
    sender.want({ sessionId: SESSION, chatterId: 'a' });
    jest.advanceTimersByTime(CLAIM_DELAY_MS);
    sender.stop();
    expect(sent.at(-1)).toEqual({ type: 'release_chatter', payload: { sessionId: SESSION } });
    jest.advanceTimersByTime(CLAIM_RENEW_MS * 2);
    expect(sent).toHaveLength(2);
  });
});
