import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { UserDto } from '@greetboard/contracts';
import { parseClientMessage } from './live-commands.js';
import {
  CLOSE,
  LiveConnection,
  MAX_BUFFERED_BYTES,
  MESSAGES_PER_WINDOW,
} from './live-connection.js';
import { chatLineToSocket, liveMessages } from '@greetboard/metrics';
import { LiveHub } from './live-hub.js';

/** The part of a ws socket a LiveConnection uses, recording what was sent. */
function fakeSocket(bufferedAmount = 0) {
  const socket = {
    OPEN: 1,
    CONNECTING: 0,
    readyState: 1,
    bufferedAmount,
    sent: [] as string[],
    closed: undefined as number | undefined,
    send(text: string) {
      this.sent.push(text);
    },
    close(code: number) {
      this.closed = code;
      this.readyState = 3;
    },
    terminate() {
      this.readyState = 3;
    },
  };
  return socket;
}

const user = (id: string) => ({ id, username: id, isAdmin: false, isApproved: true }) as UserDto;
const connect = (hub: LiveHub, userId: string, buffered = 0) => {
  const socket = fakeSocket(buffered);
  const connection = new LiveConnection(socket as unknown as WebSocket, user(userId));
  hub.add(connection);
  return { socket, connection };
};

const SESSION = '3f1c1f1e-8a4b-4f7e-9a51-4a1b2c3d4e5f';

/**
 * The session's owner and editor (listed by events), a former editor still in the session's
 * room, and a stranger.
 */
function audienceOfFour() {
  const hub = new LiveHub();
  const [owner, editor, former, stranger] = ['owner', 'editor', 'former', 'stranger'].map(
    (userId) => connect(hub, userId),
  );
  hub.join(former.connection, SESSION);
  return { hub, owner, editor, former, stranger };
}

/**
 * Gives the fake socket the network socket under ws's, and answers what reached the network
 * in each write: the messages held while corked together, any other alone.
 */
function recordWrites(socket: ReturnType<typeof fakeSocket>): string[][] {
  const writes: string[][] = [];
  let held: string[] | undefined;
  const send = socket.send.bind(socket);
  Object.assign(socket, {
    _socket: {
      cork: () => (held = []),
      uncork: () => {
        writes.push(held ?? []);
        held = undefined;
      },
    },
    send(text: string) {
      send(text);
      if (held) held.push(text);
      else writes.push([text]);
    },
  });
  return writes;
}

describe('LiveHub', () => {
  it('delivers to the listed users, once per socket even when they joined the room', () => {
    const hub = new LiveHub();
    const owner = connect(hub, 'owner');
    const editor = connect(hub, 'editor');
    const stranger = connect(hub, 'stranger');
    hub.join(owner.connection, SESSION);
    hub.join(editor.connection, SESSION);
    const sent = hub.deliver({
      userIds: ['owner', 'editor'],
      sessionId: SESSION,
      type: 'chatter_update',
      payload: { id: 'c1' } as never,
    });
    expect(sent).toBe(2);
    expect(owner.socket.sent).toEqual(['{"type":"chatter_update","payload":{"id":"c1"}}']);
    expect(editor.socket.sent).toHaveLength(1);
    expect(stranger.socket.sent).toHaveLength(0);
  });

  it('drops a room member the event does not list: an editor removed since joining', () => {
    const hub = new LiveHub();
    const owner = connect(hub, 'owner');
    const former = connect(hub, 'former');
    hub.join(owner.connection, SESSION);
    hub.join(former.connection, SESSION);
    const event = { sessionId: SESSION, type: 'new_chatter', payload: { id: 'c1' } } as const;
    expect(hub.deliver({ ...event, userIds: ['owner'] } as never)).toBe(1);
    expect(former.socket.sent).toEqual([]);
    expect(former.connection.rooms.has(SESSION)).toBe(false);
    // Out of the room for good: even an event without a user list no longer reaches it.
    expect(hub.deliver(event as never)).toBe(1);
    expect(former.socket.sent).toEqual([]);
    expect(owner.socket.sent).toHaveLength(2);
  });

  it('sends each chatter of a batch event as its own spec message to the allowed audience', () => {
    const { hub, owner, editor, former, stranger } = audienceOfFour();
    const chatter = (id: string) => ({ id, sessionId: SESSION }) as never;
    const sent = hub.deliverChatters({
      sessionId: SESSION,
      userIds: ['owner', 'editor'],
      created: [chatter('c1'), chatter('c2')],
      updated: [chatter('c3')],
    });
    expect(sent).toBe(6);
    const expected = [
      `{"type":"new_chatter","payload":{"id":"c1","sessionId":"${SESSION}"}}`,
      `{"type":"new_chatter","payload":{"id":"c2","sessionId":"${SESSION}"}}`,
      `{"type":"chatter_update","payload":{"id":"c3","sessionId":"${SESSION}"}}`,
    ];
    expect(owner.socket.sent).toEqual(expected);
    expect(editor.socket.sent).toEqual(expected);
    // A room member the event does not list lost access: nothing, and out of the room.
    expect(former.socket.sent).toEqual([]);
    expect(former.connection.rooms.has(SESSION)).toBe(false);
    expect(stranger.socket.sent).toEqual([]);
  });

  it("writes each socket's messages of one chatters event to the network together", () => {
    const hub = new LiveHub();
    const { socket } = connect(hub, 'owner');
    const writes = recordWrites(socket);
    const chatter = (id: string) => ({ id, sessionId: SESSION }) as never;
    hub.deliverChatters({
      sessionId: SESSION,
      userIds: ['owner'],
      created: [chatter('c1'), chatter('c2')],
      updated: [chatter('c3')],
    });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(3);
    expect(socket.sent).toHaveLength(3);
  });

  describe("the chat pipeline's messages, serialised once by the sessions service", () => {
    const OTHER = '5b1e7c2a-9d3f-4e6a-8b0c-1d2e3f4a5b6c';
    const line = (type: 'new_chatter' | 'chatter_update', id: string, sessionId = SESSION) =>
      JSON.stringify({ type, payload: { id, sessionId } });
    const part = (sessionId: string, userIds: string[], lines: string[], sentAt?: number[]) => ({
      sessionId,
      userIds,
      messages: lines.join('\n'),
      linesSentAt: sentAt ?? lines.map(() => -1),
    });

    it("writes each session's lines as they are to its allowed audience, one write a socket", () => {
      const { hub, owner, editor, former, stranger } = audienceOfFour();
      const writes = recordWrites(owner.socket);
      const mine = [line('new_chatter', 'c1'), line('chatter_update', 'c2')];
      const theirs = [line('new_chatter', 'c3', OTHER)];
      const refused = hub.deliverChatterMessages({
        sessions: [part(SESSION, ['owner', 'editor'], mine), part(OTHER, ['owner'], theirs)],
      });
      expect(refused).toBe(0);
      expect(owner.socket.sent).toEqual([...mine, ...theirs]);
      // Both sessions' messages of the event left the owner's socket in one write.
      expect(writes).toEqual([[...mine, ...theirs]]);
      expect(editor.socket.sent).toEqual(mine);
      // A room member the event does not list lost access: nothing, and out of the room.
      expect(former.socket.sent).toEqual([]);
      expect(former.connection.rooms.has(SESSION)).toBe(false);
      expect(stranger.socket.sent).toEqual([]);
    });

    it.each([
      [
        'a line that is not a chatter message',
        [line('new_chatter', 'c1'), '{"type":"session_deleted","payload":{}}'],
      ],
      ['a line that is not JSON of a message', [line('new_chatter', 'c1'), 'hello']],
    ])('leaves out a session part with %s, and delivers the others', (_, lines) => {
      const hub = new LiveHub();
      const owner = connect(hub, 'owner');
      const good = [line('new_chatter', 'c9', OTHER)];
      const refused = hub.deliverChatterMessages({
        sessions: [part(SESSION, ['owner'], lines), part(OTHER, ['owner'], good)],
      });
      expect(refused).toBe(1);
      expect(owner.socket.sent).toEqual(good);
    });

    it('leaves out a session part whose line times do not match its lines', () => {
      const hub = new LiveHub();
      const owner = connect(hub, 'owner');
      const refused = hub.deliverChatterMessages({
        sessions: [part(SESSION, ['owner'], [line('new_chatter', 'c1')], [-1, -1])],
      });
      expect(refused).toBe(1);
      expect(owner.socket.sent).toEqual([]);
    });

    it('counts every message written to a socket as sent', async () => {
      const hub = new LiveHub();
      connect(hub, 'owner');
      connect(hub, 'owner');
      connect(hub, 'editor');
      const sent = async () =>
        (await liveMessages.get()).values.find((v) => v.labels.direction === 'sent')?.value ?? 0;
      const before = await sent();
      hub.deliverChatterMessages({
        sessions: [
          part(
            SESSION,
            ['owner', 'editor'],
            [line('new_chatter', 'c1'), line('new_chatter', 'c2')],
          ),
          part(OTHER, ['stranger'], [line('new_chatter', 'c3', OTHER)]),
        ],
      });
      // Two messages to each of three sockets; none for a session nobody watches.
      expect((await sent()) - before).toBe(6);
    });

    it('times the lines that chat lines made, from their Twitch time to the sockets', async () => {
      const hub = new LiveHub();
      connect(hub, 'owner');
      const count = async () =>
        (await chatLineToSocket.get()).values.find((v) => v.metricName?.endsWith('_count'))
          ?.value ?? 0;
      const before = await count();
      hub.deliverChatterMessages({
        sessions: [
          // c2 was greeted, not changed by a line: not timed.
          part(
            SESSION,
            ['owner'],
            [line('new_chatter', 'c1'), line('chatter_update', 'c2')],
            [Date.now() - 1_500, -1],
          ),
          // Nobody watching a session: nothing reached a screen, nothing to time.
          part(OTHER, ['stranger'], [line('new_chatter', 'c3', OTHER)], [Date.now() - 4_000]),
        ],
      });
      expect((await count()) - before).toBe(1);
    });
  });

  it('times the chatters that chat lines changed from their Twitch time to the sockets', async () => {
    const hub = new LiveHub();
    connect(hub, 'owner');
    const samples = async () => {
      const { values } = await chatLineToSocket.get();
      const count = values.find((value) => value.metricName?.endsWith('_count'))?.value ?? 0;
      const sum = values.find((value) => value.metricName?.endsWith('_sum'))?.value ?? 0;
      return { count, sum };
    };
    const before = await samples();
    const chatter = (id: string) => ({ id, sessionId: SESSION }) as never;
    hub.deliverChatters({
      sessionId: SESSION,
      userIds: ['owner'],
      created: [chatter('c1')],
      // c2 was greeted, not changed by a line: not timed.
      updated: [chatter('c2')],
      linesSentAt: { c1: Date.now() - 1_500 },
    });
    // Nobody watching a session: nothing reached a screen, nothing to time.
    hub.deliverChatters({
      sessionId: SESSION,
      userIds: ['stranger'],
      created: [chatter('c3')],
      updated: [],
      linesSentAt: { c3: Date.now() - 4_000 },
    });
    const after = await samples();
    expect(after.count - before.count).toBe(1);
    expect(after.sum - before.sum).toBeGreaterThanOrEqual(1.5);
    expect(after.sum - before.sum).toBeLessThan(3);
  });

  it("sends another owner's chatters to an editor's browser, never to the editor's overlay link", () => {
    const hub = new LiveHub();
    const page = connect(hub, 'editor');
    const overlay = (owner: string) => {
      const socket = fakeSocket();
      hub.add(
        new LiveConnection(socket as unknown as WebSocket, user(owner), 'token', 'overlay-read'),
      );
      return socket;
    };
    const editorsObs = overlay('editor');
    const ownersObs = overlay('owner');
    const chatter = { id: 'c1', sessionId: SESSION } as never;
    const event = { sessionId: SESSION, userIds: ['owner', 'editor'], updated: [] };
    expect(hub.deliverChatters({ ...event, created: [chatter] })).toBe(2);
    expect(hub.deliver({ ...event, type: 'chatter_update', payload: chatter })).toBe(2);
    expect(page.socket.sent).toHaveLength(2);
    expect(ownersObs.sent).toHaveLength(2);
    expect(editorsObs.sent).toEqual([]);
  });

  it("writes a dropped announcement's notice to the owner's browsers, never an overlay link", () => {
    const hub = new LiveHub();
    const page = connect(hub, 'owner');
    const obsSocket = fakeSocket();
    hub.add(
      new LiveConnection(
        obsSocket as unknown as WebSocket,
        user('owner'),
        'overlay-token',
        'overlay-read',
      ),
    );
    const sent = hub.deliver({
      userIds: ['owner'],
      type: 'announcement_dropped',
      payload: { sessionId: SESSION, kind: 'session_started', code: 'msg_rejected', message: '' },
    });
    expect(sent).toBe(1);
    expect(page.socket.sent).toHaveLength(1);
    expect(obsSocket.sent).toEqual([]);
  });

  it('stops delivering a room’s events after leaving it', () => {
    const hub = new LiveHub();
    const viewer = connect(hub, 'viewer');
    hub.join(viewer.connection, SESSION);
    hub.leave(viewer.connection, SESSION);
    expect(hub.deliver({ sessionId: SESSION, type: 'new_chatter', payload: {} as never })).toBe(0);
  });

  it('drops a socket that cannot keep up instead of buffering for it', () => {
    const hub = new LiveHub();
    const slow = connect(hub, 'slow', MAX_BUFFERED_BYTES + 1);
    hub.deliver({ userIds: ['slow'], type: 'user_approved', payload: { message: 'x' } });
    expect(slow.socket.sent).toHaveLength(0);
    expect(slow.socket.closed).toBe(CLOSE.slowConsumer);
  });

  it('closes every socket of a user who signed out', () => {
    const hub = new LiveHub();
    const first = connect(hub, 'leaving');
    const second = connect(hub, 'leaving');
    const other = connect(hub, 'staying');
    expect(hub.closeUser('leaving', 'Signed out')).toBe(2);
    expect(first.socket.closed).toBe(CLOSE.signedOut);
    expect(second.socket.closed).toBe(CLOSE.signedOut);
    expect(other.socket.closed).toBeUndefined();
    expect(hub.connectionCount()).toBe(1);
  });
});

describe('LiveConnection rate limit', () => {
  it('allows a burst up to the limit per window', () => {
    const connection = new LiveConnection(fakeSocket() as unknown as WebSocket, user('u'));
    const now = Date.now();
    for (let i = 0; i < MESSAGES_PER_WINDOW; i++)
      expect(connection.withinRateLimit(now)).toBe(true);
    expect(connection.withinRateLimit(now)).toBe(false);
    expect(connection.withinRateLimit(now + 10_001)).toBe(true);
  });
});

describe('parseClientMessage', () => {
  const logger = new Logger('test');
  logger.warn = () => undefined;

  it('accepts the spec’s messages with valid payloads', () => {
    expect(
      parseClientMessage(
        JSON.stringify({ type: 'join_session', payload: { sessionId: SESSION } }),
        logger,
      ),
    ).toEqual({
      type: 'join_session',
      payload: { sessionId: SESSION },
    });
    expect(parseClientMessage('{"type":"leave_session"}', logger)).toMatchObject({
      type: 'leave_session',
    });
    expect(
      parseClientMessage(
        JSON.stringify({
          type: 'start_session',
          payload: { sessionId: SESSION, keywords: ['hi'] },
        }),
        logger,
      ),
    ).toMatchObject({ payload: { keywords: ['hi'] } });
  });

  it('drops what is not JSON, of unknown type, or with a bad payload', () => {
    const bad = [
      'not json',
      '{"type":"delete_everything","payload":{}}',
      '{"type":"join_session","payload":{"sessionId":"not-a-uuid"}}',
      '{"type":"join_session","payload":"oops"}',
      JSON.stringify({ type: 'join_session', payload: { sessionId: SESSION, extra: 1 } }),
      JSON.stringify({ type: 'update_keywords', payload: { keywords: Array(51).fill('k') } }),
      'null',
    ];
    for (const text of bad) expect(parseClientMessage(text, logger)).toBeUndefined();
  });
});
