import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  LiveSocket,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  type LiveSocketEnvironment,
} from './live-socket';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const USER = '3f1c1c6e-8f6a-4d0e-9d7b-5d3c9b2a1e01';
const SESSION = '9b2f7a44-2d51-4d8e-a1f3-6c0e5b7d8a22';

describe('LiveSocket', () => {
  let sockets: FakeSocket[];
  let timers: { fn: () => void; ms: number }[];
  let warn: jest.Mock;
  let live: LiveSocket;

  beforeEach(() => {
    sockets = [];
    timers = [];
    warn = jest.fn();
    const env: LiveSocketEnvironment = {
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      url: () => 'ws://test/ws',
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      clearTimeout: () => undefined,
      warn,
    };
    live = new LiveSocket(env);
  });

  const runNextTimer = () => timers.shift()?.fn();

  it('sends auth with the user id when the connection opens', () => {
    live.connect(USER);
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: 'auth', payload: { userId: USER } }]);
  });

  it('drops messages while disconnected and logs a warning', () => {
    live.connect(USER);
    expect(live.send({ type: 'join_session', payload: { sessionId: SESSION } })).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(sockets[0].sent).toEqual([]);
  });

  it('retries five times, 5000 ms apart, then stops', () => {
    live.connect(USER);
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      sockets.at(-1)!.drop();
      expect(timers).toHaveLength(1);
      expect(timers[0].ms).toBe(RECONNECT_DELAY_MS);
      runNextTimer();
    }
    sockets.at(-1)!.drop();
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
  });

  it('resets the retry count after a successful connection and re-joins the room', () => {
    live.connect(USER);
    live.join(SESSION);
    for (let i = 0; i < 4; i += 1) {
      sockets.at(-1)!.drop();
      runNextTimer();
    }
    sockets.at(-1)!.open();
    expect(sockets.at(-1)!.sent).toEqual([
      { type: 'auth', payload: { userId: USER } },
      { type: 'join_session', payload: { sessionId: SESSION } },
    ]);
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS; i += 1) {
      sockets.at(-1)!.drop();
      expect(timers).toHaveLength(1);
      runNextTimer();
    }
  });

  it('joins and leaves session rooms as the selection changes', () => {
    live.connect(USER);
    sockets[0].open();
    live.join(SESSION);
    live.join('other-session');
    live.leave('other-session');
    expect(sockets[0].sent.slice(1)).toEqual([
      { type: 'join_session', payload: { sessionId: SESSION } },
      { type: 'leave_session', payload: { sessionId: SESSION } },
      { type: 'join_session', payload: { sessionId: 'other-session' } },
      { type: 'leave_session', payload: { sessionId: 'other-session' } },
    ]);
  });

  it('hands parsed events to subscribers and only logs unparsable ones', () => {
    const listener = jest.fn();
    live.subscribe(listener);
    live.connect(USER);
    sockets[0].open();
    sockets[0].onmessage?.({ data: '{"type":"user_approved","payload":{"message":"ok"}}' });
    sockets[0].onmessage?.({ data: 'not json' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ type: 'user_approved', payload: { message: 'ok' } });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
