import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DOMAIN_EVENTS,
  domainEventId,
  SESSIONS_REQUESTS as R,
  USER_DATA_REQUESTS,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { chatLine, startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

describe('sessions over the bus', () => {
  let h: SessionsHarness;
  let owner: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let pending: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    h = await startSessionsHarness();
    [owner, editor, stranger, pending, admin] = await Promise.all([
      h.seedUser(),
      h.seedUser(),
      h.seedUser(),
      h.seedUser({ isApproved: false }),
      h.seedUser({ isAdmin: true }),
    ]);
    await h.db.query(`INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2)`, [
      owner.id,
      editor.id,
    ]);
  });

  afterAll(() => h.close());

  it('creates a session active and started, with a trimmed name and normalised keywords', async () => {
    const session = await h.request(R.createSession, {
      actor: owner.actor,
      name: '  Friday Stream  ',
      keywords: JSON.stringify([' hello ', 'Hello', 'good morning', '']),
    });
    expect(session).toMatchObject({
      name: 'Friday Stream',
      keywords: '["hello","good morning"]',
      isActive: true,
      endedAt: null,
      userId: owner.id,
      user: { username: owner.username },
      _count: { chatters: 0 },
    });
    expect(Date.parse(session.startedAt!)).toBeGreaterThan(Date.now() - 60_000);
    await waitFor(() =>
      h.liveEvents.find((e) => e.type === 'session_created' && e.sessionId === session.id),
    );
    const event = h.liveEvents.find((e) => e.sessionId === session.id)!;
    expect(event.userIds?.sort()).toEqual([owner.id, editor.id].sort());
    expect(event.payload).toEqual(session);
  });

  it('reads malformed keywords as an empty list and refuses oversized ones without storing', async () => {
    for (const keywords of ['not json', '{"a":1}', '[1,2]', '"text"']) {
      const session = await h.request(R.createSession, { actor: owner.actor, name: 'K', keywords });
      expect(session.keywords).toBe('[]');
    }
    const before = await h.request(R.listSessions, { actor: owner.actor });
    const tooMany = JSON.stringify(Array.from({ length: 51 }, (_, i) => `k${i}`));
    expect(
      await h.failure(R.createSession, { actor: owner.actor, name: 'X', keywords: tooMany }),
    ).toBe('VALIDATION_FAILED');
    const tooLong = JSON.stringify(['x'.repeat(101)]);
    expect(
      await h.failure(R.createSession, { actor: owner.actor, name: 'X', keywords: tooLong }),
    ).toBe('VALIDATION_FAILED');
    expect(await h.failure(R.createSession, { actor: owner.actor, name: '   ' })).toBe(
      'VALIDATION_FAILED',
    );
    expect(await h.failure(R.createSession, { actor: owner.actor, name: 'x'.repeat(101) })).toBe(
      'VALIDATION_FAILED',
    );
    expect(await h.request(R.listSessions, { actor: owner.actor })).toHaveLength(before.length);
  });

  it('refuses to create for an unapproved account', async () => {
    expect(await h.failure(R.createSession, { actor: pending.actor, name: 'Mine' })).toBe(
      'ACCOUNT_NOT_APPROVED',
    );
  });

  it('lists own sessions and those of owners who made the caller an editor, newest first', async () => {
    const own = await h.request(R.createSession, { actor: stranger.actor, name: 'Stranger' });
    const ownerSessions = await h.request(R.listSessions, { actor: owner.actor });
    const editorSees = await h.request(R.listSessions, { actor: editor.actor });
    const strangerSees = await h.request(R.listSessions, { actor: stranger.actor });
    expect(editorSees.map((s) => s.id)).toEqual(ownerSessions.map((s) => s.id));
    expect(strangerSees.map((s) => s.id)).toEqual([own.id]);
    const created = ownerSessions.map((s) => Date.parse(s.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('lets only the owner start and stop; stopping sets endedAt, starting clears it', async () => {
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Start me' });
    for (const actor of [editor.actor, admin.actor]) {
      expect(
        await h.failure(R.updateSession, { actor, sessionId: session.id, isActive: false }),
      ).toBe('NOT_SESSION_OWNER');
    }
    // Another user's session answers like a missing one.
    expect(
      await h.failure(R.updateSession, {
        actor: stranger.actor,
        sessionId: session.id,
        isActive: false,
      }),
    ).toBe('SESSION_NOT_FOUND');
    const stopped = await h.request(R.updateSession, {
      actor: owner.actor,
      sessionId: session.id,
      isActive: false,
    });
    expect(stopped.isActive).toBe(false);
    expect(stopped.endedAt).not.toBeNull();
    const started = await h.request(R.updateSession, {
      actor: owner.actor,
      sessionId: session.id,
      isActive: true,
    });
    expect(started).toMatchObject({ isActive: true, endedAt: null });
    await waitFor(() =>
      ['session_stopped', 'session_started'].every((type) =>
        h.liveEvents.some((e) => e.type === type && e.sessionId === session.id),
      ),
    );
  });

  it('refuses a start by an owner whose account is no longer approved', async () => {
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Approval' });
    await h.request(R.updateSession, {
      actor: owner.actor,
      sessionId: session.id,
      isActive: false,
    });
    const unapproved = { ...owner.actor, isApproved: false };
    expect(
      await h.failure(R.updateSession, {
        actor: unapproved,
        sessionId: session.id,
        isActive: true,
      }),
    ).toBe('ACCOUNT_NOT_APPROVED');
  });

  it('renames for the owner only and publishes session_updated', async () => {
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Old' });
    expect(
      await h.failure(R.updateSession, { actor: editor.actor, sessionId: session.id, name: 'New' }),
    ).toBe('FORBIDDEN');
    const renamed = await h.request(R.updateSession, {
      actor: owner.actor,
      sessionId: session.id,
      name: ' New ',
      keywords: 'broken',
    });
    expect(renamed).toMatchObject({ name: 'New', keywords: '[]' });
    await waitFor(() =>
      h.liveEvents.find((e) => e.type === 'session_updated' && e.sessionId === session.id),
    );
  });

  it('deletes for the owner or an admin with the chatter count; editors get FORBIDDEN, strangers SESSION_NOT_FOUND', async () => {
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Doomed' });
    await h.chatters.recordChatLines([
      chatLine(owner.username, 'alice'),
      chatLine(owner.username, 'bob'),
    ]);
    expect(await h.failure(R.deleteSession, { actor: editor.actor, sessionId: session.id })).toBe(
      'FORBIDDEN',
    );
    expect(await h.failure(R.deleteSession, { actor: stranger.actor, sessionId: session.id })).toBe(
      'SESSION_NOT_FOUND',
    );
    expect(await h.request(R.deleteSession, { actor: owner.actor, sessionId: session.id })).toEqual(
      {
        sessionName: 'Doomed',
        deletedChatters: 2,
      },
    );
    const { rows } = await h.db.query(
      `SELECT count(*)::int AS n FROM sessions.chatters WHERE session_id = $1`,
      [session.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
    expect(await h.failure(R.deleteSession, { actor: owner.actor, sessionId: session.id })).toBe(
      'SESSION_NOT_FOUND',
    );
    const other = await h.request(R.createSession, { actor: stranger.actor, name: 'By admin' });
    expect(await h.request(R.deleteSession, { actor: admin.actor, sessionId: other.id })).toEqual({
      sessionName: 'By admin',
      deletedChatters: 0,
    });
    const deleted = await waitFor(() =>
      h.liveEvents.find((e) => e.type === 'session_deleted' && e.sessionId === session.id),
    );
    expect(deleted.payload).toEqual({ id: session.id, name: 'Doomed' });
  });

  it('lets admins list every session and force-stop an active one', async () => {
    const session = await h.request(R.createSession, { actor: stranger.actor, name: 'Forced' });
    expect(await h.failure(R.adminListSessions, { actor: owner.actor })).toBe('ADMIN_REQUIRED');
    expect(await h.failure(R.forceStopSession, { actor: owner.actor, sessionId: session.id })).toBe(
      'ADMIN_REQUIRED',
    );
    const all = await h.request(R.adminListSessions, { actor: admin.actor });
    expect(all.map((s) => s.id)).toContain(session.id);
    const stopped = await h.request(R.forceStopSession, {
      actor: admin.actor,
      sessionId: session.id,
    });
    expect(stopped).toMatchObject({ isActive: false, user: { username: stranger.username } });
    expect(stopped.endedAt).not.toBeNull();
  });

  it('answers SESSION_NOT_FOUND for unknown ids and VALIDATION_FAILED for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      await h.failure(R.updateSession, { actor: owner.actor, sessionId: unknown, isActive: true }),
    ).toBe('SESSION_NOT_FOUND');
    expect(await h.failure(R.deleteSession, { actor: owner.actor, sessionId: 'nope' })).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('counts sessions and chatters per user for auth', async () => {
    const counted = await h.seedUser();
    await h.request(R.createSession, { actor: counted.actor, name: 'One' });
    await h.request(R.createSession, { actor: counted.actor, name: 'Two' });
    await h.chatters.recordChatLines([
      chatLine(counted.username, 'carol'),
      chatLine(counted.username, 'dave'),
      chatLine(counted.username, 'erin'),
    ]);
    const nobody = '00000000-0000-4000-8000-000000000001';
    expect(await h.request(USER_DATA_REQUESTS.count, { userIds: [counted.id, nobody] })).toEqual({
      [counted.id]: { sessions: 2, chatters: 3 },
      [nobody]: { sessions: 0, chatters: 0 },
    });
  });

  it('removes everything of a deleted user and ignores older snapshots afterwards', async () => {
    const leaving = await h.seedUser();
    const session = await h.request(R.createSession, { actor: leaving.actor, name: 'Bye' });
    await h.chatters.recordChatLines([chatLine(leaving.username, 'frank')]);
    await h.request(R.addIgnoredUser, { actor: leaving.actor, username: 'troll' });
    await h.db.query(
      `INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2), ($2, $3)`,
      [leaving.id, editor.id, owner.id],
    );
    await h.request(R.inviteGlobalEditor, {
      actor: leaving.actor,
      username: stranger.username,
      role: 'editor',
    });
    const deletedAt = new Date().toISOString();
    const subject = DOMAIN_EVENTS.userDeleted.subject;
    await h.streams.publish(
      subject,
      { id: leaving.id, deletedAt },
      { msgId: domainEventId(subject, leaving.id, deletedAt) },
    );
    const remaining = async () => {
      const { rows } = await h.db.query(
        `SELECT
           (SELECT count(*) FROM sessions.sessions WHERE user_id = $1)::int AS sessions,
           (SELECT count(*) FROM sessions.chatters WHERE session_id = $2)::int AS chatters,
           (SELECT count(*) FROM sessions.ignored_users WHERE owner_id = $1)::int AS ignored,
           (SELECT count(*) FROM sessions.global_editors WHERE owner_id = $1 OR editor_id = $1)::int AS links,
           (SELECT count(*) FROM sessions.global_editor_invites WHERE sender_id = $1 OR receiver_id = $1)::int AS invites,
           (SELECT count(*) FROM sessions.users WHERE id = $1)::int AS users`,
        [leaving.id, session.id],
      );
      return rows[0] as Record<string, number>;
    };
    await waitFor(async () => (await remaining()).users === 0, { what: 'the user removed' });
    expect(await remaining()).toEqual({
      sessions: 0,
      chatters: 0,
      ignored: 0,
      links: 0,
      invites: 0,
      users: 0,
    });
    // A redelivered snapshot from before the deletion must not bring the user back.
    const stale = { ...leaving, updatedAt: new Date(Date.parse(deletedAt) - 1000).toISOString() };
    const snapshot: Partial<TestUser> = { ...stale };
    delete snapshot.actor;
    const changed = DOMAIN_EVENTS.userChanged.subject;
    await h.streams.publish(changed, snapshot, {
      msgId: domainEventId(changed, leaving.id, stale.updatedAt),
    });
    const marker = await h.seedUser();
    expect(marker.id).toBeDefined();
    expect((await remaining()).users).toBe(0);
  });

  it('keeps the newest snapshot of a user when an older one arrives later', async () => {
    const user = await h.seedUser({ displayName: 'Newest' });
    const older = { ...user, displayName: 'Older', updatedAt: new Date(0).toISOString() };
    const snapshot: Partial<TestUser> = { ...older };
    delete snapshot.actor;
    const subject = DOMAIN_EVENTS.userChanged.subject;
    await h.streams.publish(subject, snapshot, {
      msgId: domainEventId(subject, user.id, older.updatedAt),
    });
    await h.seedUser();
    const { rows } = await h.db.query(`SELECT display_name FROM sessions.users WHERE id = $1`, [
      user.id,
    ]);
    expect(rows[0]).toEqual({ display_name: 'Newest' });
  });
});
