import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { MemoryKeyValueStore } from '@greetboard/kv';
import type { AuthConfig } from '../config.js';
import { LoginSessions } from './login-sessions.js';

const MINUTE = 60_000;
const USER = '0b7c2d1e-5f4a-4b3c-9d8e-7f6a5b4c3d2e';

describe('LoginSessions lifetimes', () => {
  let sessions: LoginSessions;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    const config = { sessionIdleTtlSeconds: 30 * 60, sessionAbsoluteTtlSeconds: 120 * 60 };
    sessions = new LoginSessions(new MemoryKeyValueStore(), config as AuthConfig);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('ends a session left idle longer than the idle lifetime', async () => {
    const { sessionId } = await sessions.begin(USER);
    jest.advanceTimersByTime(29 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBe(USER);
    // Used at 29 min: idle counts from there.
    jest.advanceTimersByTime(29 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBe(USER);
    jest.advanceTimersByTime(31 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBeNull();
  });

  it('ends a session at its absolute lifetime however busy it is', async () => {
    const { sessionId, expiresAt } = await sessions.begin(USER);
    expect(expiresAt.toISOString()).toBe('2026-11-22T14:00:00.000Z');
    for (let elapsed = 0; elapsed < 115; elapsed += 5) {
      jest.advanceTimersByTime(5 * MINUTE);
      expect(await sessions.resolve(sessionId)).toBe(USER);
    }
    jest.advanceTimersByTime(5 * MINUTE);
    expect(await sessions.resolve(sessionId)).toBeNull();
  });

  it('ends one session, or every session of the user at once', async () => {
    const laptop = await sessions.begin(USER);
    const phone = await sessions.begin(USER);
    expect(await sessions.end(laptop.sessionId)).toBe(USER);
    expect(await sessions.end(laptop.sessionId)).toBeNull();
    expect(await sessions.resolve(laptop.sessionId)).toBeNull();
    expect(await sessions.resolve(phone.sessionId)).toBe(USER);
    await sessions.endAllFor(USER);
    expect(await sessions.resolve(phone.sessionId)).toBeNull();
    // A session begun afterwards is valid.
    expect(await sessions.resolve((await sessions.begin(USER)).sessionId)).toBe(USER);
  });
});
