import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { QueryRunner } from 'typeorm';
import {
  SESSIONS_REQUESTS as R,
  type ReportStreamRequest,
  type SessionActor,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { OneSessionPerChannel1768500000000 } from '../src/database/migrations/1768500000000-OneSessionPerChannel.js';
import { chatLine, startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

/**
 * One session per channel, and sessions that follow the stream (ADR 0045), on real
 * PostgreSQL: what starting a session does to the channel's running one, and what auth's
 * stream reports do to sessions, grace and names included.
 */
describe('sessions that follow the stream', () => {
  let h: SessionsHarness;

  beforeAll(async () => {
    h = await startSessionsHarness();
  });

  afterAll(() => h.close());

  const sessionsOf = async (user: TestUser) =>
    (await h.request(R.listSessions, { actor: user.actor })).filter((s) => s.userId === user.id);
  const load = async (user: TestUser, id: string) =>
    (await sessionsOf(user)).find((session) => session.id === id)!;
  const report = (actor: SessionActor, changes: Partial<ReportStreamRequest>) =>
    h.request(R.reportStream, {
      actor,
      live: true,
      title: 'Chill Monday',
      since: new Date().toISOString(),
      autoStart: true,
      graceMinutes: 10,
      keywords: '["hello"]',
      ...changes,
    });
  const eventsOf = (sessionId: string) =>
    h.liveEvents.filter((event) => event.sessionId === sessionId).map((event) => event.type);

  it('stops the running session when another starts, and tells every screen which one', async () => {
    const owner = await h.seedUser();
    const monday = await h.request(R.createSession, { actor: owner.actor, name: 'Monday stream' });
    const tuesday = await h.request(R.createSession, { actor: owner.actor, name: 'Tuesday' });
    expect(tuesday.isActive).toBe(true);
    expect(await load(owner, monday.id)).toMatchObject({ isActive: false });
    expect((await load(owner, monday.id)).endedAt).not.toBeNull();
    await waitFor(() => eventsOf(tuesday.id).includes('session_replaced'));
    expect(eventsOf(monday.id)).toEqual(['session_created', 'session_stopped']);
    expect(eventsOf(tuesday.id)).toEqual(['session_created', 'session_replaced']);
    const replaced = h.liveEvents.find(
      (event) => event.type === 'session_replaced' && event.sessionId === tuesday.id,
    )!;
    expect(replaced.userIds).toEqual([owner.id]);
    expect(replaced.payload).toEqual({
      id: tuesday.id,
      name: 'Tuesday',
      stoppedId: monday.id,
      stoppedName: 'Monday stream',
    });

    // Starting the stopped one again stops the other.
    const restarted = await h.request(R.updateSession, {
      actor: owner.actor,
      sessionId: monday.id,
      isActive: true,
    });
    expect(restarted).toMatchObject({ isActive: true, startedBy: 'manual' });
    expect(await load(owner, tuesday.id)).toMatchObject({ isActive: false });
    expect((await sessionsOf(owner)).filter((s) => s.isActive)).toHaveLength(1);
  });

  it('auto-starts a session named after the stream, which survives a flap within the grace', async () => {
    const owner = await h.seedUser();
    const since = new Date('2026-11-23T19:00:00Z');
    const started = await report(owner.actor, { since: since.toISOString() });
    expect(started.outcome).toBe('created');
    const session = await load(owner, started.sessionId!);
    expect(session).toMatchObject({
      name: 'Chill Monday — 2026-11-23',
      keywords: '["hello"]',
      isActive: true,
      startedBy: 'auto',
      stream: { live: true, title: 'Chill Monday', since: since.toISOString(), stopsAt: null },
    });
    // The same word again (EventSub and the poll both saw it) changes nothing.
    expect(await report(owner.actor, {})).toEqual({ outcome: 'none', sessionId: session.id });

    await h.chatters.recordChatLines([
      chatLine(owner.username, 'alice', 'hello all', { firstMessage: true, sentAt: Date.now() }),
      chatLine(owner.username, 'bob', 'hello', { sentAt: Date.now() }),
    ]);
    const { chatters } = await h.request(R.listChatters, {
      actor: owner.actor,
      sessionId: session.id,
    });
    const alice = chatters.find((chatter) => chatter.username === 'alice')!;
    await h.request(R.greetChatter, { actor: owner.actor, chatterId: alice.id, isGreeted: true });

    const offlineAt = new Date();
    expect(
      await report(owner.actor, { live: false, title: null, since: offlineAt.toISOString() }),
    ).toEqual({ outcome: 'updated', sessionId: session.id });
    const waiting = await load(owner, session.id);
    expect(waiting.isActive).toBe(true);
    expect(waiting.stream).toEqual({
      live: false,
      title: 'Chill Monday',
      since: offlineAt.toISOString(),
      stopsAt: new Date(offlineAt.getTime() + 10 * 60_000).toISOString(),
    });
    // A repeated offline (auth restarted) never moves the end of the grace.
    await report(owner.actor, { live: false, since: new Date(Date.now() + 60_000).toISOString() });
    expect((await load(owner, session.id)).stream).toEqual(waiting.stream);

    const back = await report(owner.actor, { title: 'Chill Monday (back)' });
    expect(back).toEqual({ outcome: 'continued', sessionId: session.id });
    const continued = await load(owner, session.id);
    expect(continued).toMatchObject({
      isActive: true,
      name: 'Chill Monday — 2026-11-23',
      stream: { live: true, title: 'Chill Monday (back)', stopsAt: null },
      _count: { chatters: 2 },
    });
    const after = await h.request(R.listChatters, { actor: owner.actor, sessionId: session.id });
    expect(after.chatters.find((chatter) => chatter.username === 'alice')?.isGreeted).toBe(true);
    expect(eventsOf(session.id).filter((type) => type === 'session_updated').length).toBe(2);
  });

  it('stops an auto-started session once its grace is over; the next stream starts a new one', async () => {
    const owner = await h.seedUser();
    const first = await report(owner.actor, { title: 'Day one' });
    await report(owner.actor, { live: false, title: null });
    // The grace ends now: the stop is the service's own periodic round, within 5 s.
    await h.db.query(
      `UPDATE sessions.sessions SET stream_stops_at = now() - interval '1 second' WHERE id = $1`,
      [first.sessionId],
    );
    await waitFor(async () => !(await load(owner, first.sessionId!)).isActive, {
      timeoutMs: 10_000,
      what: 'the session to stop after its grace',
    });
    // The screens hear of the stop after it commits.
    await waitFor(() => eventsOf(first.sessionId!).includes('session_stopped'), {
      what: 'session_stopped for the stopped session',
    });
    expect((await load(owner, first.sessionId!)).stream).toBeNull();

    const since = new Date('2026-11-24T18:30:00Z');
    const second = await report(owner.actor, { title: 'Day two', since: since.toISOString() });
    expect(second.outcome).toBe('created');
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await load(owner, second.sessionId!)).toMatchObject({ name: 'Day two — 2026-11-24' });
  });

  it('starts anew when a stream comes back after the grace, before the periodic stop', async () => {
    const owner = await h.seedUser();
    const first = await report(owner.actor, { title: 'Late' });
    await report(owner.actor, { live: false, graceMinutes: 0 });
    // A grace of 0 stops at once.
    expect(await load(owner, first.sessionId!)).toMatchObject({ isActive: false });
    const second = await report(owner.actor, { title: 'Late again' });
    expect(second.outcome).toBe('created');
    expect((await sessionsOf(owner)).filter((s) => s.isActive).map((s) => s.id)).toEqual([
      second.sessionId,
    ]);
  });

  it('keeps a session started by hand running when the stream goes offline, and starts none', async () => {
    const owner = await h.seedUser();
    const manual = await h.request(R.createSession, { actor: owner.actor, name: 'By hand' });
    expect(manual).toMatchObject({ startedBy: 'manual', stream: null });
    expect(await report(owner.actor, { title: 'Live now' })).toEqual({
      outcome: 'updated',
      sessionId: manual.id,
    });
    await report(owner.actor, { live: false, title: null });
    const offline = await load(owner, manual.id);
    expect(offline).toMatchObject({
      isActive: true,
      stream: { live: false, title: 'Live now', stopsAt: null },
    });
    expect((await sessionsOf(owner)).filter((s) => s.isActive)).toHaveLength(1);
  });

  it('starts nothing without auto-start or for an account waiting for approval', async () => {
    const owner = await h.seedUser();
    const pending = await h.seedUser({ isApproved: false });
    expect(await report(owner.actor, { autoStart: false })).toEqual({
      outcome: 'none',
      sessionId: null,
    });
    expect(await report(pending.actor, {})).toEqual({ outcome: 'none', sessionId: null });
    expect(await sessionsOf(owner)).toEqual([]);
    expect(await h.failure(R.reportStream, { ...bad(owner.actor), graceMinutes: 121 })).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('keeps the newest running session of each owner on upgrade, with the stops recorded', async () => {
    const owner = await h.seedUser();
    // One connection in a transaction: the outbox's rows are read before anything relays them.
    const client = await h.db.connect();
    const runner = { query: (sql: string) => client.query(sql) } as unknown as QueryRunner;
    const migration = new OneSessionPerChannel1768500000000();
    try {
      await client.query('BEGIN');
      await migration.down(runner);
      const ids: string[] = [];
      for (const [name, minutesAgo] of [
        ['Old', 30],
        ['Newest', 5],
        ['Middle', 20],
      ] as const) {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO sessions.sessions (user_id, name, keywords, is_active, started_at, created_at)
           VALUES ($1, $2, '[]', true, now(), now() - make_interval(mins => $3)) RETURNING id`,
          [owner.id, name, minutesAgo],
        );
        ids.push(rows[0].id);
      }
      await migration.up(runner);
      const { rows: running } = await client.query<{ name: string }>(
        `SELECT name FROM sessions.sessions WHERE user_id = $1 AND is_active`,
        [owner.id],
      );
      expect(running.map((row) => row.name)).toEqual(['Newest']);
      const { rows: stops } = await client.query<{ msg_id: string }>(
        `SELECT msg_id FROM sessions.outbox
          WHERE subject = 'domain.sessions.session.stopped.v1' AND payload->>'ownerId' = $1`,
        [owner.id],
      );
      expect(stops.map((row) => row.msg_id.split(':')[1]).sort()).toEqual([ids[0], ids[2]].sort());
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    // From now on the index refuses a second running session of one owner.
    await expect(
      h.db.query(
        `INSERT INTO sessions.sessions (user_id, name, keywords, is_active) VALUES
           ($1, 'a', '[]', true)`,
        [owner.id],
      ),
    ).rejects.toThrow(/sessions_one_running_per_owner/);
  });
});

function bad(actor: SessionActor): ReportStreamRequest {
  return {
    actor,
    live: true,
    since: new Date().toISOString(),
    autoStart: true,
    graceMinutes: 10,
  };
}
