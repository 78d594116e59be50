import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSIONS_REQUESTS as R } from '@greetboard/contracts';
import { ChatLinesSeenPruner } from '../src/index.js';
import { chatLine, startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

const HOUR_MS = 60 * 60 * 1000;

describe('pruning the ids of counted chat lines', () => {
  let h: SessionsHarness;
  let owner: TestUser;
  let sessionId: string;
  const seenIds = async () =>
    (
      await h.db.query<{ message_id: string }>(
        `SELECT message_id FROM sessions.chat_lines_seen WHERE session_id = $1 ORDER BY message_id`,
        [sessionId],
      )
    ).rows.map((row) => row.message_id);

  beforeAll(async () => {
    h = await startSessionsHarness();
    owner = await h.seedUser();
    sessionId = (await h.request(R.createSession, { actor: owner.actor, name: 'Prune' })).id;
    await h.request(R.updateSession, { actor: owner.actor, sessionId, isActive: true });
  });

  afterAll(() => h.close());

  it('keeps ids for the stream max age plus an hour, then removes them', async () => {
    const pruner = h.service.get(ChatLinesSeenPruner);
    expect(pruner.retentionMs).toBe(25 * HOUR_MS);
    const old = chatLine(owner.username, 'old_timer', 'from yesterday');
    const edge = chatLine(owner.username, 'edge_case', 'just inside');
    const fresh = chatLine(owner.username, 'newcomer', 'hi');
    expect(await h.chatters.recordChatLines([old, edge, fresh])).toHaveLength(3);
    const now = new Date();
    await h.db.query(`UPDATE sessions.chat_lines_seen SET seen_at = $2 WHERE message_id = $1`, [
      old.id,
      new Date(now.getTime() - 25 * HOUR_MS - 1_000),
    ]);
    await h.db.query(`UPDATE sessions.chat_lines_seen SET seen_at = $2 WHERE message_id = $1`, [
      edge.id,
      new Date(now.getTime() - 25 * HOUR_MS + 60_000),
    ]);

    expect(await pruner.prune(now)).toBe(1);
    expect(await seenIds()).toEqual([edge.id, fresh.id].sort());
    // Nothing else changed: the chatters and their counts stay.
    const chatters = (await h.request(R.listChatters, { actor: owner.actor, sessionId })).chatters;
    expect(chatters.map((c) => [c.username, c.messageCount])).toEqual([
      ['old_timer', 1],
      ['edge_case', 1],
      ['newcomer', 1],
    ]);
    // A kept id still stops a redelivery from counting twice.
    expect(await h.chatters.recordChatLines([edge, fresh])).toEqual([]);
    expect(await pruner.prune(now)).toBe(0);
  });

  it('deletes a large backlog in batches', async () => {
    const pruner = h.service.get(ChatLinesSeenPruner);
    await h.db.query(
      `INSERT INTO sessions.chat_lines_seen (session_id, message_id, seen_at)
       SELECT $1, 'bulk-' || i, now() - interval '3 days' FROM generate_series(1, 25000) AS i`,
      [sessionId],
    );
    expect(await pruner.prune()).toBe(25_000);
    expect((await seenIds()).filter((id) => id.startsWith('bulk-'))).toEqual([]);
  });

  it("removes a session's ids with the session, and only its own", async () => {
    const line = chatLine(owner.username, 'stays_here', 'hello');
    expect(await h.chatters.recordChatLines([line])).toHaveLength(1);
    const other = (await h.request(R.createSession, { actor: owner.actor, name: 'Other' })).id;
    await h.db.query(
      `INSERT INTO sessions.chat_lines_seen (session_id, message_id)
       SELECT $1, 'gone-' || i FROM generate_series(1, 3) AS i`,
      [other],
    );
    await h.request(R.deleteSession, { actor: owner.actor, sessionId: other });
    const { rows } = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions.chat_lines_seen WHERE session_id = $1',
      [other],
    );
    expect(rows[0].n).toBe(0);
    expect(await seenIds()).toContain(line.id);
  });
});
