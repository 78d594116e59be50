import { describe, expect, it } from '@jest/globals';
import { derivedUserId, UserConflictError, UserStore } from './users.js';

const store = (): UserStore => new UserStore(() => 'http://emulator.test');

describe('UserStore ids', () => {
  it('gives a login the same id in every store, whatever the creation order', () => {
    const first = store();
    const second = store();
    const logins = ['alice', 'bob', 'carol', 'tv1_0', 'tv1_1'];
    for (const login of logins) first.ensure(login);
    for (const login of [...logins].reverse()) second.ensure(login);
    for (const login of logins) {
      expect(first.byLogin(login)?.id).toBe(second.byLogin(login)?.id);
      expect(first.byLogin(login)?.id).toBe(derivedUserId(login));
    }
  });

  it('gives different logins different numeric ids of nine or ten digits', () => {
    const users = store();
    const ids = Array.from({ length: 20_000 }, (_, index) => users.ensure(`chatter_${index}`).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[1-9][0-9]{8,9}$/);
  });

  it('moves a login whose derived id is taken to its next derivation', () => {
    const users = store();
    users.create({ login: 'squatter', id: derivedUserId('alice') });
    const alice = users.ensure('alice');
    expect(alice.id).toBe(derivedUserId('alice', 1));
    expect(users.byId(derivedUserId('alice'))?.login).toBe('squatter');
  });

  it('keeps explicit ids and refuses one already held', () => {
    const users = store();
    expect(users.create({ login: 'seeded', id: '4242' }).id).toBe('4242');
    users.ensure('bob');
    expect(() => users.create({ login: 'other', id: derivedUserId('bob') })).toThrow(
      UserConflictError,
    );
    expect(users.byLogin('other')).toBeUndefined();
  });
});
