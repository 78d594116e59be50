import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { of, throwError } from 'rxjs';
import {
  DomainError,
  SUBJECTS,
  type ChatterChanges,
  type ChatterDto,
  type ChatterPage,
  type SessionActor,
} from '@greetboard/contracts';
import type { BusClient } from '@greetboard/transport';
import { ChatterListCache, unzipList } from './chatter-list-cache.js';
import { SessionAccessCache } from './session-access-cache.js';

const SESSION = '2f6b3c1e-8a4d-4c2b-9e1f-5a7d3b9c0e12';
const owner: SessionActor = { id: 'owner', username: 'owner', isApproved: true, isAdmin: false };
const editor: SessionActor = { ...owner, id: 'editor', username: 'editor' };

const chatter = (n: number, changes: Partial<ChatterDto> = {}) =>
  ({
    id: `chatter-${n}`,
    sessionId: SESSION,
    username: `viewer_${n}`,
    firstSeenAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    isGreeted: false,
    ...changes,
  }) as ChatterDto;

/**
 * The sessions service as the cache sees it: a list at a version, answering pages and
 * changes, and counting what it was asked. A user in `refused` is answered FORBIDDEN.
 */
function fakeSessions() {
  const state = {
    version: 1,
    chatters: [chatter(1), chatter(2)],
    changedAt: new Map<string, number>(),
    refused: new Set<string>(),
    asked: [] as string[],
  };
  const bus = {
    send(subject: string, request: { actor: SessionActor; sinceVersion?: string }) {
      state.asked.push(subject);
      if (state.refused.has(request.actor.id)) {
        return throwError(() => new DomainError('FORBIDDEN'));
      }
      if (subject === SUBJECTS.sessions.listChatters) {
        const page: ChatterPage = {
          version: String(state.version),
          chatters: state.chatters,
          next: null,
        };
        return of(page);
      }
      const since = Number(request.sinceVersion);
      const changed = state.chatters.filter((c) => (state.changedAt.get(c.id) ?? 0) > since);
      const answer: ChatterChanges = {
        version: String(state.version),
        chatters: changed,
        complete: true,
      };
      return of(answer);
    },
  } as unknown as BusClient;
  /** A change committed by the sessions service: the list steps one version. */
  const change = (updated: ChatterDto) => {
    state.version++;
    state.chatters = [...state.chatters.filter((c) => c.id !== updated.id), updated].sort((a, b) =>
      a.firstSeenAt < b.firstSeenAt ? -1 : 1,
    );
    state.changedAt.set(updated.id, state.version);
    return String(state.version);
  };
  return { state, bus, change };
}

const listOf = async (body: { gzipped: Buffer }) =>
  JSON.parse((await unzipList({ version: '', ...body })).toString()) as ChatterDto[];

describe('ChatterListCache', () => {
  let sessions: ReturnType<typeof fakeSessions>;
  let cache: ChatterListCache;
  let access: SessionAccessCache;

  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) });
    sessions = fakeSessions();
    access = new SessionAccessCache();
    cache = new ChatterListCache(sessions.bus, access);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  /** Loads the list and confirms it once, as two requests of a page would. */
  const warm = async () => {
    await cache.get(owner, SESSION);
    await cache.get(owner, SESSION);
    sessions.state.asked = [];
  };

  it('serves a list kept current by live events without asking the sessions service', async () => {
    await warm();
    const greeted = chatter(1, { isGreeted: true });
    const arrived = chatter(3);
    cache.applyChange(SESSION, sessions.change(greeted), [greeted]);
    cache.applyChange(SESSION, sessions.change(arrived), [arrived]);

    const body = await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([]);
    expect(body.version).toBe('3');
    expect(await listOf(body)).toEqual(sessions.state.chatters);
  });

  it('asks again once a list has gone unconfirmed for two seconds', async () => {
    await warm();
    jest.advanceTimersByTime(1_999);
    await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([]);
    jest.advanceTimersByTime(2);
    await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([SUBJECTS.sessions.listChatterChanges]);
  });

  it('asks for the changes it missed when an event skips a version, and then has them', async () => {
    await warm();
    const lost = chatter(2, { isGreeted: true });
    sessions.change(lost);
    const next = chatter(4);
    cache.applyChange(SESSION, sessions.change(next), [next]);

    const body = await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([SUBJECTS.sessions.listChatterChanges]);
    expect(body.version).toBe('3');
    expect(await listOf(body)).toEqual(sessions.state.chatters);
  });

  it('asks when a change came without its version (an event split to fit the bus)', async () => {
    await warm();
    const changed = chatter(1, { isGreeted: true });
    sessions.change(changed);
    cache.applyChange(SESSION, undefined, [changed]);
    await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([SUBJECTS.sessions.listChatterChanges]);
    // Asked in the same millisecond as the change arrived: not proof of having it.
    sessions.state.asked = [];
    await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([SUBJECTS.sessions.listChatterChanges]);
    // Asked after it: the list is current again.
    jest.advanceTimersByTime(1);
    await cache.get(owner, SESSION);
    sessions.state.asked = [];
    await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([]);
  });

  it('ignores a change it already has', async () => {
    await warm();
    const greeted = chatter(1, { isGreeted: true });
    const version = sessions.change(greeted);
    cache.applyChange(SESSION, version, [greeted]);
    // The same change again (say, relayed twice): nothing to do, still current.
    cache.applyChange(SESSION, version, [chatter(1)]);
    expect(await listOf(await cache.get(owner, SESSION))).toContainEqual(greeted);
    expect(sessions.state.asked).toEqual([]);
  });

  it('checks access for a caller it has not seen allowed, and never caches a refusal', async () => {
    await warm();
    sessions.state.refused.add('editor');
    await expect(cache.get(editor, SESSION)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(cache.get(editor, SESSION)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(sessions.state.asked).toHaveLength(2);

    sessions.state.refused.delete('editor');
    await cache.get(editor, SESSION);
    sessions.state.asked = [];
    await cache.get(editor, SESSION);
    expect(sessions.state.asked).toEqual([]);
  });

  it('asks again for a caller whose access was forgotten (an editor removed)', async () => {
    await warm();
    access.forgetSession(SESSION);
    sessions.state.refused.add('owner');
    await expect(cache.get(owner, SESSION)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('asks after a change made through this replica, whose event may still be on its way', async () => {
    await warm();
    sessions.change(chatter(1, { isGreeted: true }));
    cache.changedHere(SESSION);
    const body = await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([SUBJECTS.sessions.listChatterChanges]);
    expect(await listOf(body)).toContainEqual(chatter(1, { isGreeted: true }));
  });

  it('forgets a deleted session’s list', async () => {
    await warm();
    cache.drop(SESSION);
    await cache.get(owner, SESSION);
    expect(sessions.state.asked).toEqual([SUBJECTS.sessions.listChatters]);
  });
});

describe('SessionAccessCache', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps a grant for 30 seconds', () => {
    const access = new SessionAccessCache();
    access.grant({ id: 'editor' }, SESSION);
    jest.advanceTimersByTime(29_999);
    expect(access.allows({ id: 'editor' }, SESSION)).toBe(true);
    jest.advanceTimersByTime(1);
    expect(access.allows({ id: 'editor' }, SESSION)).toBe(false);
  });

  it("never answers an overlay link's grant from its user's browser grant", () => {
    const access = new SessionAccessCache();
    access.grant({ id: 'editor' }, SESSION);
    expect(access.allows({ id: 'editor', ownSessionsOnly: true }, SESSION)).toBe(false);
  });

  it('forgets by session, by user, or everything', () => {
    const access = new SessionAccessCache();
    const other = 'another-session';
    for (const user of ['owner', 'editor']) {
      access.grant({ id: user }, SESSION);
      access.grant({ id: user }, other);
    }
    access.forgetSession(SESSION);
    expect([
      access.allows({ id: 'owner' }, SESSION),
      access.allows({ id: 'editor' }, SESSION),
    ]).toEqual([false, false]);
    access.forgetUser('editor');
    expect([access.allows({ id: 'owner' }, other), access.allows({ id: 'editor' }, other)]).toEqual(
      [true, false],
    );
    access.clear();
    expect(access.allows({ id: 'owner' }, other)).toBe(false);
  });
});
