import { describe, expect, it } from '@jest/globals';
import type { ServerMessage } from '@greetboard/contracts/wire';
import type { LiveSocket } from '../live/live-socket';
import { PresenceStore } from './presence-store';

const person = { id: 'u1', username: 'eve', displayName: 'Eve', profileImage: null };

function fakeSocket() {
  const listeners = new Set<(message: ServerMessage) => void>();
  return {
    socket: {
      subscribe: (listener: (message: ServerMessage) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as LiveSocket,
    deliver: (message: ServerMessage) => listeners.forEach((listener) => listener(message)),
  };
}

describe('PresenceStore', () => {
  it('keeps presence and claims per session, and tells its subscribers', () => {
    const { socket, deliver } = fakeSocket();
    const store = new PresenceStore(socket);
    let heard = 0;
    store.subscribe(() => heard++);
    expect(store.get('s1')).toEqual({ users: [], claims: [] });
    deliver({ type: 'presence_update', payload: { sessionId: 's1', users: [person] } });
    deliver({
      type: 'claims_update',
      payload: { sessionId: 's1', claims: [{ chatterId: 'c1', user: person }] },
    });
    expect(store.get('s1')).toEqual({
      users: [person],
      claims: [{ chatterId: 'c1', user: person }],
    });
    expect(store.get('s2')).toEqual({ users: [], claims: [] });
    expect(heard).toBe(2);
  });

  it('ignores payloads without their list and other messages', () => {
    const { socket, deliver } = fakeSocket();
    const store = new PresenceStore(socket);
    deliver({ type: 'presence_update', payload: { sessionId: 's1' } } as ServerMessage);
    deliver({ type: 'user_approved', payload: { message: 'ok' } });
    expect(store.get('s1')).toEqual({ users: [], claims: [] });
  });
});
