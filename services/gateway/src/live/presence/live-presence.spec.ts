import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { of } from 'rxjs';
import type { WebSocket } from 'ws';
import {
  CLAIM_TTL_MS,
  SUBJECTS,
  type LoginAccess,
  type ReplicaPresence,
  type ServerMessage,
  type UserDto,
} from '@greetboard/contracts';
import type { BusClient } from '@greetboard/transport';
import { LiveConnection } from '../live-connection.js';
import { LiveHub } from '../live-hub.js';
import { LivePresence } from './live-presence.js';

const SESSION = '3f1c1f1e-8a4b-4f7e-9a51-4a1b2c3d4e5f';
const CHATTER = '9b7a9e54-1f0a-4d44-8c7b-5c0b2b1d6a11';
const OWNER = '0d5f2c1e-1111-4e7e-9a51-4a1b2c3d4e5f';
const EDITOR = '0d5f2c1e-2222-4e7e-9a51-4a1b2c3d4e5f';
const OTHER_REPLICA = '7c1d7a00-3333-4e7e-9a51-4a1b2c3d4e5f';

function fakeSocket() {
  return {
    OPEN: 1,
    CONNECTING: 0,
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    send(text: string) {
      this.sent.push(text);
    },
    close() {
      this.readyState = 3;
    },
    terminate() {
      this.readyState = 3;
    },
  };
}

const user = (id: string, displayName: string) =>
  ({ id, username: displayName.toLowerCase(), displayName, profileImage: null }) as UserDto;

describe('LivePresence', () => {
  let hub: LiveHub;
  let presence: LivePresence;
  let emitted: { subject: string; payload: ReplicaPresence }[];

  const open = (who: UserDto, access: LoginAccess = 'browser') => {
    const socket = fakeSocket();
    const connection = new LiveConnection(socket as unknown as WebSocket, who, '', access);
    hub.add(connection);
    const messages = () => socket.sent.map((text) => JSON.parse(text) as ServerMessage);
    const last = <T extends ServerMessage['type']>(type: T) =>
      messages()
        .filter((message) => message.type === type)
        .at(-1) as Extract<ServerMessage, { type: T }> | undefined;
    return { connection, socket, messages, last };
  };
  const names = (tab: ReturnType<typeof open>) =>
    tab.last('presence_update')?.payload.users.map((u) => u.displayName);
  const claimers = (tab: ReturnType<typeof open>) =>
    tab.last('claims_update')?.payload.claims.map((c) => `${c.user.displayName}:${c.chatterId}`);
  const reports = () =>
    emitted.filter((e) => e.subject === SUBJECTS.live.presence).map((e) => e.payload);

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    emitted = [];
    const bus = {
      emit: (subject: string, payload: ReplicaPresence) => {
        emitted.push({ subject, payload });
        return of(undefined);
      },
    } as unknown as BusClient;
    hub = new LiveHub();
    presence = new LivePresence(bus, hub, {});
    presence.onApplicationBootstrap();
  });

  afterEach(() => {
    presence.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('asks the other replicas for their presence when it starts', () => {
    expect(emitted[0]).toEqual({
      subject: SUBJECTS.live.presenceSync,
      payload: { replicaId: presence.replicaId },
    });
  });

  it('counts a user once however many tabs, and tells everyone in the room', () => {
    const owner = open(user(OWNER, 'Owner'));
    const ownerTab2 = open(user(OWNER, 'Owner'));
    const editor = open(user(EDITOR, 'Editor'));
    hub.join(owner.connection, SESSION);
    expect(names(owner)).toEqual(['Owner']);
    hub.join(ownerTab2.connection, SESSION);
    hub.join(editor.connection, SESSION);
    expect(names(owner)).toEqual(['Editor', 'Owner']);
    expect(names(ownerTab2)).toEqual(['Editor', 'Owner']);
    expect(names(editor)).toEqual(['Editor', 'Owner']);
    // A second tab of the owner changes nothing for the others: no message was sent for it.
    expect(owner.messages().filter((m) => m.type === 'presence_update')).toHaveLength(2);
    expect(
      reports()
        .at(-1)
        ?.users.map((u) => u.id)
        .sort(),
    ).toEqual([OWNER, EDITOR].sort());

    hub.remove(editor.connection);
    expect(names(owner)).toEqual(['Owner']);
    hub.remove(ownerTab2.connection);
    expect(names(owner)).toEqual(['Owner']);
  });

  it('leaves overlay links out: they neither count nor hear presence, and cannot claim', () => {
    const owner = open(user(OWNER, 'Owner'));
    const link = open(user(OWNER, 'Owner'), 'overlay-read');
    hub.join(link.connection, SESSION);
    expect(link.messages()).toEqual([]);
    hub.join(owner.connection, SESSION);
    expect(names(owner)).toEqual(['Owner']);
    presence.claim(link.connection, SESSION, CHATTER);
    expect(link.messages()).toEqual([]);
    expect(claimers(owner)).toEqual([]);
  });

  it('shows a claim to the room, renews it, and drops it on release, leave or expiry', () => {
    const owner = open(user(OWNER, 'Owner'));
    const editor = open(user(EDITOR, 'Editor'));
    hub.join(owner.connection, SESSION);
    hub.join(editor.connection, SESSION);
    presence.claim(editor.connection, SESSION, CHATTER);
    expect(claimers(owner)).toEqual([`Editor:${CHATTER}`]);
    presence.release(editor.connection, SESSION);
    expect(claimers(owner)).toEqual([]);

    presence.claim(editor.connection, SESSION, CHATTER);
    jest.advanceTimersByTime(CLAIM_TTL_MS - 1_000);
    presence.claim(editor.connection, SESSION, CHATTER);
    jest.advanceTimersByTime(CLAIM_TTL_MS - 1_000);
    expect(claimers(owner)).toEqual([`Editor:${CHATTER}`]);
    jest.advanceTimersByTime(2_000);
    expect(claimers(owner)).toEqual([]);

    presence.claim(editor.connection, SESSION, CHATTER);
    expect(claimers(owner)).toEqual([`Editor:${CHATTER}`]);
    hub.leave(editor.connection, SESSION);
    expect(claimers(owner)).toEqual([]);
    expect(names(owner)).toEqual(['Owner']);
  });

  it('ignores claims in a room the socket has not joined, and claims past the budget', () => {
    const owner = open(user(OWNER, 'Owner'));
    const editor = open(user(EDITOR, 'Editor'));
    hub.join(owner.connection, SESSION);
    presence.claim(editor.connection, SESSION, CHATTER);
    expect(claimers(owner)).toEqual([]);
    hub.join(editor.connection, SESSION);
    for (let i = 0; i < 12; i++) presence.claim(editor.connection, SESSION, CHATTER);
    presence.release(editor.connection, SESSION);
    presence.claim(editor.connection, SESSION, CHATTER);
    expect(claimers(owner)).toEqual([]);
    jest.advanceTimersByTime(10_000);
    presence.claim(editor.connection, SESSION, CHATTER);
    expect(claimers(owner)).toEqual([`Editor:${CHATTER}`]);
  });

  it("merges another replica's part and forgets it when its heartbeats stop", () => {
    const owner = open(user(OWNER, 'Owner'));
    hub.join(owner.connection, SESSION);
    const remote: ReplicaPresence = {
      replicaId: OTHER_REPLICA,
      sessionId: SESSION,
      users: [{ id: EDITOR, username: 'editor', displayName: 'Editor', profileImage: null }],
      claims: [{ chatterId: CHATTER, userId: EDITOR, ttlMs: CLAIM_TTL_MS }],
      ttlMs: 15_000,
    };
    presence.receive(remote);
    expect(names(owner)).toEqual(['Editor', 'Owner']);
    expect(claimers(owner)).toEqual([`Editor:${CHATTER}`]);
    jest.advanceTimersByTime(CLAIM_TTL_MS + 1_000);
    expect(claimers(owner)).toEqual([]);
    expect(names(owner)).toEqual(['Editor', 'Owner']);
    jest.advanceTimersByTime(15_000);
    expect(names(owner)).toEqual(['Owner']);
  });

  it('repeats its part as a heartbeat and withdraws it once the room empties', () => {
    const owner = open(user(OWNER, 'Owner'));
    hub.join(owner.connection, SESSION);
    const before = reports().length;
    jest.advanceTimersByTime(5_000);
    expect(reports().length).toBe(before + 1);
    hub.remove(owner.connection);
    expect(reports().at(-1)).toMatchObject({ sessionId: SESSION, users: [], claims: [] });
    const after = reports().length;
    jest.advanceTimersByTime(20_000);
    expect(reports().length).toBe(after);
  });

  it('answers a sync request of another replica with its parts at once', () => {
    const owner = open(user(OWNER, 'Owner'));
    hub.join(owner.connection, SESSION);
    const before = reports().length;
    presence.syncRequested(presence.replicaId);
    expect(reports().length).toBe(before);
    presence.syncRequested(OTHER_REPLICA);
    expect(reports().length).toBe(before + 1);
  });
});
