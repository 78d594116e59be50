import { describe, expect, it } from '@jest/globals';
import type { PresenceUser } from '@greetboard/contracts';
import { PresenceBoard } from './presence-board.js';

const SESSION = '3f1c1f1e-8a4b-4f7e-9a51-4a1b2c3d4e5f';
const CHATTER = '9b7a9e54-1f0a-4d44-8c7b-5c0b2b1d6a11';
const person = (id: string, displayName = id): PresenceUser => ({
  id,
  username: id,
  displayName,
  profileImage: null,
});

describe('PresenceBoard', () => {
  it('names each user once, however many replicas report them, sorted by name', () => {
    const board = new PresenceBoard();
    board.put(
      SESSION,
      'replica-a',
      { users: [person('u2', 'Zoe'), person('u1', 'Ann')], claims: [] },
      100,
    );
    board.put(SESSION, 'replica-b', { users: [person('u2', 'Zoe')], claims: [] }, 100);
    expect(board.view(SESSION, 0).users.map((user) => user.displayName)).toEqual(['Ann', 'Zoe']);
  });

  it("forgets a replica's part when it lapses, and says which sessions changed", () => {
    const board = new PresenceBoard();
    board.put(SESSION, 'crashed', { users: [person('editor')], claims: [] }, 1_000);
    board.put(SESSION, 'alive', { users: [person('owner')], claims: [] }, Infinity);
    expect(board.view(SESSION, 999).users.map((user) => user.id)).toEqual(['editor', 'owner']);
    // Lapsed parts are left out of the view even before a sweep.
    expect(board.view(SESSION, 1_000).users.map((user) => user.id)).toEqual(['owner']);
    expect(board.sweep(999)).toEqual([]);
    expect(board.sweep(1_000)).toEqual([SESSION]);
    expect(board.sweep(2_000)).toEqual([]);
    expect(board.sessionIds()).toEqual([SESSION]);
  });

  it('withdraws a replica that reports an empty part', () => {
    const board = new PresenceBoard();
    board.put(SESSION, 'replica-a', { users: [person('owner')], claims: [] }, Infinity);
    board.put(SESSION, 'replica-a', { users: [], claims: [] }, Infinity);
    expect(board.view(SESSION, 0)).toEqual({ users: [], claims: [] });
    expect(board.sessionIds()).toEqual([]);
  });

  it('shows a claim with its claimer until it runs out', () => {
    const board = new PresenceBoard();
    board.put(
      SESSION,
      'replica-a',
      {
        users: [person('editor', 'Eve')],
        claims: [{ chatterId: CHATTER, userId: 'editor', expiresAt: 8_000 }],
      },
      Infinity,
    );
    expect(board.view(SESSION, 7_999).claims).toEqual([
      { chatterId: CHATTER, user: person('editor', 'Eve') },
    ]);
    expect(board.view(SESSION, 8_000).claims).toEqual([]);
    expect(board.sweep(8_000)).toEqual([SESSION]);
    // Presence stays; only the claim went.
    expect(board.view(SESSION, 8_000).users).toHaveLength(1);
    expect(board.sweep(9_000)).toEqual([]);
  });

  it('shows one claim per chatter and user, across replicas', () => {
    const board = new PresenceBoard();
    const claim = { chatterId: CHATTER, userId: 'editor', expiresAt: 5_000 };
    board.put(SESSION, 'a', { users: [person('editor')], claims: [claim] }, Infinity);
    board.put(SESSION, 'b', { users: [person('editor')], claims: [claim] }, 10_000);
    board.put(
      SESSION,
      'c',
      { users: [person('owner')], claims: [{ ...claim, userId: 'owner' }] },
      10_000,
    );
    expect(board.view(SESSION, 0).claims.map((c) => c.user.id)).toEqual(['editor', 'owner']);
  });

  it('keeps sessions apart', () => {
    const board = new PresenceBoard();
    board.put(SESSION, 'a', { users: [person('owner')], claims: [] }, Infinity);
    expect(board.view(CHATTER, 0)).toEqual({ users: [], claims: [] });
  });
});
