import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { LoginSessions } from '../src/index.js';
import { startAuthHarness, type AuthHarness } from './harness.js';

const MINUTE = 60_000;

/** Login sessions in auth's schema (ADR 0024): lifetimes, and ending one or all of a user's. */
describe('login sessions in the database', () => {
  let stack: AuthHarness;
  let sessions: LoginSessions;
  let now = Date.parse('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    stack = await startAuthHarness();
    sessions = stack.auth.get(LoginSessions);
  });

  afterAll(async () => {
    await stack.close();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const at = (time: number) => {
    now = time;
    jest.spyOn(Date, 'now').mockReturnValue(now);
  };

  it('ends a session left idle longer than the idle lifetime (7 days by default)', async () => {
    at(Date.parse('2026-11-22T12:00:00Z'));
    const user = randomUUID();
    const { sessionId } = await sessions.begin(user);
    at(now + 6 * 24 * 60 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBe(user);
    // Used at 6 days: idle counts from there.
    at(now + 6 * 24 * 60 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBe(user);
    at(now + 7 * 24 * 60 * MINUTE + MINUTE);
    expect(await sessions.resolve(sessionId)).toBeNull();
  });

  it('ends a session at its absolute lifetime however busy it is (30 days by default)', async () => {
    const start = Date.parse('2026-11-22T12:00:00Z');
    at(start);
    const user = randomUUID();
    const { sessionId, expiresAt } = await sessions.begin(user);
    expect(expiresAt.toISOString()).toBe('2026-12-22T12:00:00.000Z');
    for (let day = 5; day < 30; day += 5) {
      at(start + day * 24 * 60 * MINUTE);
      expect(await sessions.resolve(sessionId)).toBe(user);
    }
    at(start + 30 * 24 * 60 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBeNull();
  });

  it('ends one session, or every session of the user at once, and stores no session id', async () => {
    const user = randomUUID();
    const laptop = await sessions.begin(user);
    const phone = await sessions.begin(user);
    expect(await sessions.end(laptop.sessionId)).toBe(user);
    expect(await sessions.end(laptop.sessionId)).toBeNull();
    expect(await sessions.resolve(laptop.sessionId)).toBeNull();
    expect(await sessions.resolve(phone.sessionId)).toBe(user);
    const stored = await stack.db.query(`SELECT id_hash FROM auth.login_sessions`);
    expect(JSON.stringify(stored.rows)).not.toContain(phone.sessionId);
    await sessions.endAllFor(user);
    expect(await sessions.resolve(phone.sessionId)).toBeNull();
    expect(await sessions.resolve((await sessions.begin(user)).sessionId)).toBe(user);
  });
});
