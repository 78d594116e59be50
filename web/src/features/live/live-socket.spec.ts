import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ChatterDto } from '@greetboard/contracts/wire';
import { createTestLiveSocket } from '../../../test/unit/fake-live-socket';
import { MAX_RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS } from './live-socket';

const USER = '3f1c1c6e-8f6a-4d0e-9d7b-5d3c9b2a1e01';
const SESSION = '9b2f7a44-2d51-4d8e-a1f3-6c0e5b7d8a22';
const CHATTER: ChatterDto = {
  id: 'c1',
  sessionId: SESSION,
  username: 'alice',
  twitchId: '1001',
  displayName: 'Alice',
  profileImage: null,
  firstMessage: 'hi',
  messageCount: 1,
  firstSeenAt: '2025-01-01T10:01:00Z',
  lastSeenAt: '2025-01-01T10:01:00Z',
  isGreeted: false,
  greetedAt: null,
  greetedBy: null,
  greetedByUser: null,
  isFirstTimeChatter: false,
  isReturningChatter: false,
  raidId: null,
  firstMessageEmotes: [],
  lastSeenBeforeAt: null,
  sessionsSeen: 1,
  moderation: null,
  moderatedAt: null,
  timeoutEndsAt: null,
  firstMessageDeleted: false,
};

describe('LiveSocket', () => {
  let t: ReturnType<typeof createTestLiveSocket>;

  beforeEach(() => {
    t = createTestLiveSocket();
  });

  it('sends auth with the user id when the connection opens', () => {
    t.live.connect(USER);
    t.sockets[0].open();
    expect(t.sockets[0].sent).toEqual([{ type: 'auth', payload: { userId: USER } }]);
  });

  it('drops messages while disconnected and logs a warning', () => {
    t.live.connect(USER);
    expect(t.live.send({ type: 'join_session', payload: { sessionId: SESSION } })).toBe(false);
    expect(t.warnings).toHaveLength(1);
    expect(t.sockets[0].sent).toEqual([]);
  });

  it('retries five times, 5000 ms apart, then stops', () => {
    t.live.connect(USER);
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      t.latest().drop();
      expect(t.timers).toHaveLength(1);
      expect(t.timers[0].ms).toBe(RECONNECT_DELAY_MS);
      t.runNextTimer();
    }
    t.latest().drop();
    expect(t.timers).toHaveLength(0);
    expect(t.sockets).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
  });

  it('resets the retry count after a successful connection and re-joins the room', () => {
    t.live.connect(USER);
    t.live.join(SESSION);
    for (let i = 0; i < 4; i += 1) {
      t.latest().drop();
      t.runNextTimer();
    }
    t.latest().open();
    expect(t.latest().sent).toEqual([
      { type: 'auth', payload: { userId: USER } },
      { type: 'join_session', payload: { sessionId: SESSION } },
    ]);
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS; i += 1) {
      t.latest().drop();
      expect(t.timers).toHaveLength(1);
      t.runNextTimer();
    }
  });

  it('tells reconnect listeners of every reopen, not of the first open', () => {
    const reconnected = jest.fn(() => t.latest().sent.length);
    t.live.onReconnect(reconnected);
    t.live.connect(USER);
    t.live.join(SESSION);
    t.latest().open();
    expect(reconnected).not.toHaveBeenCalled();

    t.latest().drop();
    t.runNextTimer();
    t.latest().drop();
    t.runNextTimer();
    expect(reconnected).not.toHaveBeenCalled();
    t.latest().open();
    // Only once the socket has authenticated and re-joined the room.
    expect(reconnected.mock.results.map((r) => r.value)).toEqual([2]);

    t.latest().drop();
    t.runNextTimer();
    t.latest().open();
    expect(reconnected).toHaveBeenCalledTimes(2);
  });

  it('treats the first open for another user as a fresh connection', () => {
    const reconnected = jest.fn();
    const stop = t.live.onReconnect(reconnected);
    t.live.connect(USER);
    t.latest().open();
    t.live.connect('another-user');
    t.latest().open();
    expect(reconnected).not.toHaveBeenCalled();

    stop();
    t.latest().drop();
    t.runNextTimer();
    t.latest().open();
    expect(reconnected).not.toHaveBeenCalled();
  });

  it('joins and leaves session rooms as the selection changes', () => {
    t.live.connect(USER);
    t.sockets[0].open();
    t.live.join(SESSION);
    t.live.join('other-session');
    t.live.leave('other-session');
    expect(t.sockets[0].sent.slice(1)).toEqual([
      { type: 'join_session', payload: { sessionId: SESSION } },
      { type: 'leave_session', payload: { sessionId: SESSION } },
      { type: 'join_session', payload: { sessionId: 'other-session' } },
      { type: 'leave_session', payload: { sessionId: 'other-session' } },
    ]);
  });

  it('joins a room chosen before the socket opened once it opens, with no warning', () => {
    t.live.connect(USER);
    t.live.join('first-choice');
    t.live.join(SESSION);
    t.sockets[0].open();
    expect(t.sockets[0].sent).toEqual([
      { type: 'auth', payload: { userId: USER } },
      { type: 'join_session', payload: { sessionId: SESSION } },
    ]);
    expect(t.warnings).toEqual([]);
  });

  it('hands parsed events to subscribers and only logs unparsable ones', () => {
    const listener = jest.fn();
    t.live.subscribe(listener);
    t.live.connect(USER);
    t.sockets[0].open();
    t.sockets[0].receive({ type: 'user_approved', payload: { message: 'ok' } });
    t.sockets[0].onmessage?.({ data: 'not json' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ type: 'user_approved', payload: { message: 'ok' } });
    expect(t.warnings).toHaveLength(1);
  });

  it('checks every message against the contract before a subscriber sees it', () => {
    const listener = jest.fn();
    t.live.subscribe(listener);
    t.live.connect(USER);
    t.sockets[0].open();
    const chatter = CHATTER;
    t.sockets[0].receive({ type: 'new_chatter', payload: chatter });
    t.sockets[0].receive({ type: 'new_chatter', payload: { ...chatter, sessionId: 42 } });
    t.sockets[0].receive({ type: 'new_chatter', payload: { id: 'alice' } });
    t.sockets[0].receive({ type: 'session_deleted', payload: { id: SESSION } });
    t.sockets[0].receive({ type: 'chatter_removed', payload: chatter });
    t.sockets[0].receive(['new_chatter', chatter]);
    t.sockets[0].receive({ type: 'session_deleted', payload: { id: SESSION, name: 'Stream' } });
    expect(listener.mock.calls).toEqual([
      [{ type: 'new_chatter', payload: chatter }],
      [{ type: 'session_deleted', payload: { id: SESSION, name: 'Stream' } }],
    ]);
    expect(t.warnings).toHaveLength(5);
  });
});
