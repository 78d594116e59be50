import { LiveSocket, type LiveSocketEnvironment } from '../../src/features/live/live-socket';

/** A WebSocket stand-in that records what it was sent; tests open and drop it by hand. */
export class FakeSocket {
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
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** A LiveSocket over fake sockets and hand-run timers, for unit tests. */
export function createTestLiveSocket() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const warnings: unknown[][] = [];
  const env: LiveSocketEnvironment = {
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    url: () => 'ws://test/ws',
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    clearTimeout: () => undefined,
    warn: (...args) => warnings.push(args),
  };
  return {
    live: new LiveSocket(env),
    sockets,
    timers,
    warnings,
    /** The socket most recently created. */
    latest: () => sockets[sockets.length - 1],
    runNextTimer: () => timers.shift()?.fn(),
  };
}
