import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  SESSIONS_REQUESTS as R,
  sendRequest,
  type ChatterDto,
  type ChatterPage,
  type SessionDto,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { InProcessClient } from '@greetboard/transport';
import { ChatLinesConsumer } from '../src/monitoring/chat-lines.consumer.js';
import { chatLine, startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

describe('chatters, greeting and chat lines over the bus', () => {
  let h: SessionsHarness;
  let owner: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let session: SessionDto;

  const list = async (actor = owner.actor, sessionId = session.id) =>
    (await h.request(R.listChatters, { actor, sessionId })).chatters;
  /** Every page of the owner's session `sessionId`, following `next` to the end. */
  const allPages = async (sessionId: string) => {
    const pages: ChatterPage[] = [];
    let cursor: string | undefined;
    do {
      const page = await h.request(R.listChatters, {
        actor: owner.actor,
        sessionId,
        ...(cursor ? { after: cursor } : {}),
      });
      pages.push(page);
      cursor = page.next ?? undefined;
    } while (cursor);
    return pages;
  };

  beforeAll(async () => {
    h = await startSessionsHarness();
    [owner, editor, stranger, admin] = await Promise.all([
      h.seedUser(),
      h.seedUser({ displayName: 'Eddie Editor' }),
      h.seedUser(),
      h.seedUser({ isAdmin: true }),
    ]);
    await h.db.query(`INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2)`, [
      owner.id,
      editor.id,
    ]);
    session = await h.request(R.createSession, { actor: owner.actor, name: 'Chat' });
  });

  afterAll(() => h.close());

  it('registers each chatter once, oldest first, with exact counts under redelivery', async () => {
    const first = chatLine(owner.username, 'alice', 'hi all', { firstMessage: true });
    const second = chatLine(owner.username, 'bob', 'yo');
    const third = chatLine(owner.username, 'alice', 'again');
    const recorded = await h.chatters.recordChatLines([first, second, third]);
    expect(recorded.map((r) => [r.chatter.username, r.isNew])).toEqual([
      ['alice', true],
      ['bob', true],
    ]);
    // The same batch again (a redelivery), and a batch repeating a line within itself.
    expect(await h.chatters.recordChatLines([first, second, third])).toEqual([]);
    await h.chatters.recordChatLines([third, third]);
    const chatters = await list();
    expect(chatters.map((c) => [c.username, c.messageCount, c.firstMessage])).toEqual([
      ['alice', 2, 'hi all'],
      ['bob', 1, 'yo'],
    ]);
    expect(chatters[0]).toMatchObject({
      sessionId: session.id,
      twitchId: 'tw-alice',
      displayName: 'ALICE',
      isGreeted: false,
      greetedAt: null,
      greetedBy: null,
      greetedByUser: null,
      isFirstTimeChatter: true,
      isReturningChatter: false,
      raidId: null,
      firstSeenAt: new Date(first.sentAt).toISOString(),
      lastSeenAt: new Date(third.sentAt).toISOString(),
    });
  });

  it("takes a chatter's first line and newest line by Twitch's time, whatever a batch's order", async () => {
    const at = (second: number) => Date.UTC(2026, 2, 1, 12, 0, second);
    const newest = chatLine(owner.username, 'dora', 'later', {
      sentAt: at(30),
      displayName: 'Dora_Renamed',
      badges: { vip: '1' },
    });
    const first = chatLine(owner.username, 'dora', 'first!', {
      sentAt: at(10),
      firstMessage: true,
      emotes: [{ id: '25', start: 0, end: 4 }],
      badges: { subscriber: '3' },
    });
    const middle = chatLine(owner.username, 'dora', 'middle', { sentAt: at(20) });
    const [recorded] = await h.chatters.recordChatLines([newest, middle, first]);
    expect(recorded.chatter).toMatchObject({
      username: 'dora',
      displayName: 'Dora_Renamed',
      firstMessage: 'first!',
      firstMessageEmotes: [{ id: '25', start: 0, end: 4 }],
      isFirstTimeChatter: true,
      messageCount: 3,
      firstSeenAt: new Date(at(10)).toISOString(),
      lastSeenAt: new Date(at(30)).toISOString(),
    });
    const card = await h.chatters.card(session.id, recorded.id);
    expect(card.badges).toEqual({ vip: '1' });
  });

  it('never counts bots, ignored users or the owner, and applies the keywords', async () => {
    await h.request(R.addIgnoredUser, { actor: owner.actor, username: 'Troll' });
    const keyed = await h.request(R.createSession, {
      actor: owner.actor,
      name: 'Keyed',
      keywords: '["!join", "good morning"]',
    });
    await h.chatters.recordChatLines([
      chatLine(owner.username, 'nightbot', '!join'),
      chatLine(owner.username, 'StreamElements'.toLowerCase(), 'good morning'),
      chatLine(owner.username, 'troll', '!join'),
      chatLine(owner.username, owner.username, '!join'),
      chatLine(owner.username, 'carol', 'GOOD... morning!! Kappa'),
      chatLine(owner.username, 'dave', 'goodmorning'),
      chatLine(owner.username, 'erin', 'I will !join later'),
    ]);
    expect((await list(owner.actor, keyed.id)).map((c) => c.username)).toEqual(['carol', 'erin']);
  });

  it('applies a changed ignore list and changed keywords to the next batch', async () => {
    const changing = await h.request(R.createSession, {
      actor: owner.actor,
      name: 'Changing',
      keywords: '["hello"]',
    });
    await h.chatters.recordChatLines([
      chatLine(owner.username, 'frank', 'hello'),
      chatLine(owner.username, 'gina', 'bye'),
    ]);
    // Each change alone, each applied to the batch right after it.
    await h.request(R.updateSession, {
      actor: owner.actor,
      sessionId: changing.id,
      keywords: '["bye"]',
    });
    await h.chatters.recordChatLines([
      chatLine(owner.username, 'gina', 'bye'),
      chatLine(owner.username, 'hank', 'hello'),
    ]);
    await h.request(R.addIgnoredUser, { actor: owner.actor, username: 'Frank' });
    await h.chatters.recordChatLines([chatLine(owner.username, 'frank', 'bye')]);
    const chatters = await list(owner.actor, changing.id);
    expect(chatters.map((c) => [c.username, c.messageCount])).toEqual([
      ['frank', 1],
      ['gina', 1],
    ]);
  });

  it('lets the owner and editors list chatters; admins get FORBIDDEN, strangers SESSION_NOT_FOUND', async () => {
    expect((await list(editor.actor)).length).toBeGreaterThan(0);
    expect(await h.failure(R.listChatters, { actor: admin.actor, sessionId: session.id })).toBe(
      'FORBIDDEN',
    );
    // Another user's session answers like a missing one.
    expect(await h.failure(R.listChatters, { actor: stranger.actor, sessionId: session.id })).toBe(
      'SESSION_NOT_FOUND',
    );
  });

  it('tells gateways once per session and batch: new and changed chatters and who may see them', async () => {
    const [streamer, helper, other] = await Promise.all([h.seedUser(), h.seedUser(), h.seedUser()]);
    await h.db.query(`INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2)`, [
      streamer.id,
      helper.id,
    ]);
    const [mySession, otherSession] = await Promise.all([
      h.request(R.createSession, { actor: streamer.actor, name: 'Batched' }),
      h.request(R.createSession, { actor: other.actor, name: 'Other' }),
    ]);
    const consumer = h.service.get(ChatLinesConsumer);
    let sequence = 0;
    const batch = (lines: ReturnType<typeof chatLine>[]) =>
      lines.map((data) => ({
        subject: `chat.line.v1.${data.channel}`,
        data,
        msgId: data.id,
        deliveryCount: 1,
        sequence: ++sequence,
      }));
    const published = (from: number) => h.chatterEvents.slice(from);
    /** The bus delivers in microtasks: after this, everything published so far has arrived. */
    const delivered = () => new Promise((resolve) => setImmediate(resolve));

    let from = h.chatterEvents.length;
    await consumer.handle(
      batch([
        chatLine(streamer.username, 'viewer_a'),
        chatLine(other.username, 'viewer_b'),
        chatLine(streamer.username, 'viewer_c'),
        chatLine(other.username, 'viewer_b', 'twice'),
      ]),
    );
    await waitFor(() => published(from).length >= 2);
    await delivered();
    // Exactly one event per session of the batch.
    let events = published(from);
    expect(events.map((e) => e.sessionId).sort()).toEqual([mySession.id, otherSession.id].sort());
    const mine = events.find((e) => e.sessionId === mySession.id)!;
    expect(mine.userIds.sort()).toEqual([streamer.id, helper.id].sort());
    expect(mine.created.map((c) => c.username)).toEqual(['viewer_a', 'viewer_c']);
    expect(mine.updated).toEqual([]);
    const theirs = events.find((e) => e.sessionId === otherSession.id)!;
    expect(theirs.userIds).toEqual([other.id]);
    expect(theirs.created.map((c) => [c.username, c.messageCount])).toEqual([['viewer_b', 2]]);
    // The chatters are as the list shows them, at the version the event names.
    expect(await list(streamer.actor, mySession.id)).toEqual(mine.created);
    const versionOf = async (actor: typeof streamer.actor, sessionId: string) =>
      (await h.request(R.chatterListVersion, { actor, sessionId })).version;
    expect(mine.listVersion).toBe(await versionOf(streamer.actor, mySession.id));
    expect(theirs.listVersion).toBe(await versionOf(other.actor, otherSession.id));

    from = h.chatterEvents.length;
    const second = batch([
      chatLine(streamer.username, 'viewer_d'),
      chatLine(streamer.username, 'viewer_a', 'back'),
    ]);
    await consumer.handle(second);
    await waitFor(() => published(from).length >= 1);
    await delivered();
    events = published(from);
    expect(events).toHaveLength(1);
    expect(events[0].created.map((c) => c.username)).toEqual(['viewer_d']);
    expect(events[0].updated.map((c) => [c.username, c.messageCount])).toEqual([['viewer_a', 2]]);
    // One batch, one version step.
    expect(BigInt(events[0].listVersion!)).toBe(BigInt(mine.listVersion!) + 1n);
    // A redelivered batch counts nothing and tells no one.
    from = h.chatterEvents.length;
    await consumer.handle(second);
    await delivered();
    expect(published(from)).toEqual([]);
  });

  it('counts a busy batch in shards of channels side by side; a failed shard is counted on redelivery', async () => {
    const streamers = await Promise.all([h.seedUser(), h.seedUser(), h.seedUser()]);
    const sessions = await Promise.all(
      streamers.map((streamer) =>
        h.request(R.createSession, { actor: streamer.actor, name: 'Sharded' }),
      ),
    );
    const consumer = h.service.get(ChatLinesConsumer);
    // 90 lines: 40, 30 and 20 lines of ten chatters each, so two shards (40 | 30 + 20).
    const lines = streamers.flatMap((streamer, channel) =>
      Array.from({ length: 40 - channel * 10 }, (_, n) =>
        chatLine(streamer.username, `shard${channel}_viewer${n % 10}`),
      ),
    );
    const batch = lines.map((data, index) => ({
      subject: `chat.line.v1.${data.channel}`,
      data,
      msgId: data.id,
      deliveryCount: 1,
      sequence: 10_000 + index,
    }));
    const countsOf = async (index: number) =>
      (
        await h.db.query<{ n: number }>(
          `SELECT coalesce(sum(message_count), 0)::int AS n FROM sessions.chatters
            WHERE session_id = $1`,
          [sessions[index].id],
        )
      ).rows[0].n;
    // The busiest channel's shard fails in PostgreSQL, the other commits.
    await h.db.query(`
      CREATE FUNCTION sessions.refuse_shard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF starts_with(NEW.username, 'shard0_') THEN RAISE EXCEPTION 'shard refused'; END IF;
        RETURN NEW;
      END $$`);
    await h.db.query(`CREATE TRIGGER refuse_shard BEFORE INSERT ON sessions.chatters
      FOR EACH ROW EXECUTE FUNCTION sessions.refuse_shard()`);
    let from = h.chatterEvents.length;
    try {
      await expect(consumer.handle(batch)).rejects.toThrow('shard refused');
    } finally {
      await h.db.query(`DROP TRIGGER refuse_shard ON sessions.chatters`);
      await h.db.query(`DROP FUNCTION sessions.refuse_shard()`);
    }
    expect([await countsOf(0), await countsOf(1), await countsOf(2)]).toEqual([0, 30, 20]);
    // What committed was told at once, though the batch failed.
    await waitFor(() => h.chatterEvents.length - from >= 2);
    expect(
      h.chatterEvents
        .slice(from)
        .map((event) => event.sessionId)
        .sort(),
    ).toEqual([sessions[1].id, sessions[2].id].sort());

    // The batch again: only the refused shard's lines count, once.
    from = h.chatterEvents.length;
    await consumer.handle(batch);
    expect([await countsOf(0), await countsOf(1), await countsOf(2)]).toEqual([40, 30, 20]);
    await waitFor(() => h.chatterEvents.length - from >= 1);
    await new Promise((resolve) => setImmediate(resolve));
    const again = h.chatterEvents.slice(from);
    expect(again.map((event) => event.sessionId)).toEqual([sessions[0].id]);
    expect(again[0].created.map((chatter) => chatter.messageCount)).toEqual(Array(10).fill(4));
  });

  it('greets with server-set greeter and time, is idempotent, un-greets, and publishes chatter_update', async () => {
    const [alice] = await list();
    const greeted = await h.request(R.greetChatter, {
      actor: editor.actor,
      chatterId: alice.id,
      isGreeted: true,
    });
    expect(greeted).toMatchObject({
      isGreeted: true,
      greetedBy: editor.id,
      greetedByUser: { displayName: 'Eddie Editor', profileImage: editor.profileImage },
    });
    const again = await h.request(R.greetChatter, {
      actor: owner.actor,
      chatterId: alice.id,
      isGreeted: true,
    });
    expect(again).toEqual(greeted);
    const event = await waitFor(() =>
      h.liveEvents.find((e) => e.type === 'chatter_update' && e.sessionId === session.id),
    );
    expect(event.payload).toEqual(greeted);
    expect(event.userIds?.sort()).toEqual([owner.id, editor.id].sort());
    // The version the greet committed; the repeat changed nothing and stepped nothing.
    expect(event.listVersion).toBe(
      (await h.request(R.chatterListVersion, { actor: owner.actor, sessionId: session.id }))
        .version,
    );
    const cleared = await h.request(R.greetChatter, {
      actor: owner.actor,
      chatterId: alice.id,
      isGreeted: false,
    });
    expect(cleared).toMatchObject({
      isGreeted: false,
      greetedAt: null,
      greetedBy: null,
      greetedByUser: null,
    });
  });

  it('refuses greets by strangers and admins, and for unknown chatters', async () => {
    const [alice] = await list();
    expect(
      await h.failure(R.greetChatter, { actor: admin.actor, chatterId: alice.id, isGreeted: true }),
    ).toBe('FORBIDDEN');
    expect(
      await h.failure(R.greetChatter, {
        actor: stranger.actor,
        chatterId: alice.id,
        isGreeted: true,
      }),
    ).toBe('CHATTER_NOT_FOUND');
    expect(
      await h.failure(R.greetChatter, {
        actor: owner.actor,
        chatterId: '00000000-0000-4000-8000-000000000000',
        isGreeted: true,
      }),
    ).toBe('CHATTER_NOT_FOUND');
    expect((await list())[0].isGreeted).toBe(false);
  });

  it('settles concurrent greet toggles from two clients on the write that committed last', async () => {
    const [, bob] = await list();
    // Two clients of their own (the owner's and the editor's screens), firing at once.
    const clients = [owner, editor].map((user) => ({ user, bus: new InProcessClient(h.broker) }));
    const toggles = Array.from({ length: 24 }, (_, i) => ({
      ...clients[i % 2],
      isGreeted: i % 4 < 2,
    }));
    // Each write with the chatter as it stood right after it committed, in commit order. Greets
    // of one chatter must not overlap (the service queues them); then the order in which they
    // finish is the order in which they committed.
    const commits: {
      isGreeted: boolean;
      greeterId: string;
      changed: boolean;
      after: ChatterDto;
    }[] = [];
    let writing = 0;
    let overlapped = false;
    const setGreeted = h.chatters.setGreeted.bind(h.chatters);
    const load = h.chatters.load.bind(h.chatters);
    const spy = jest
      .spyOn(h.chatters, 'setGreeted')
      .mockImplementation(async (chatterId, isGreeted, greeterId) => {
        overlapped ||= ++writing > 1;
        try {
          const committed = await setGreeted(chatterId, isGreeted, greeterId);
          commits.push({
            isGreeted,
            greeterId,
            changed: committed !== undefined,
            after: await load(chatterId),
          });
          return committed;
        } finally {
          writing--;
        }
      });
    let answers: ChatterDto[];
    try {
      answers = await Promise.all(
        toggles.map(({ user, bus, isGreeted }) =>
          sendRequest(bus, R.greetChatter, { actor: user.actor, chatterId: bob.id, isGreeted }),
        ),
      );
    } finally {
      spy.mockRestore();
      for (const { bus } of clients) bus.close();
    }
    expect(overlapped).toBe(false);
    expect(commits).toHaveLength(toggles.length);

    // Replayed in commit order, every write left exactly what its rule says.
    let state = bob;
    for (const { isGreeted, greeterId, changed, after } of commits) {
      const greeter = [owner, editor].find((user) => user.id === greeterId)!;
      const expected = !isGreeted
        ? { ...state, isGreeted: false, greetedAt: null, greetedBy: null, greetedByUser: null }
        : state.isGreeted
          ? state
          : {
              ...state,
              isGreeted: true,
              greetedAt: expect.any(String),
              greetedBy: greeter.id,
              greetedByUser: {
                displayName: greeter.displayName,
                profileImage: greeter.profileImage,
              },
            };
      expect(after).toEqual(expected);
      expect(changed).toBe(isGreeted !== state.isGreeted);
      state = after;
    }
    // Each client was answered with the state its own write left.
    toggles.forEach(({ isGreeted }, i) => expect(answers[i].isGreeted).toBe(isGreeted));
    const byState = (chatters: ChatterDto[]) => chatters.map((c) => JSON.stringify(c)).sort();
    expect(byState(answers)).toEqual(byState(commits.map((c) => c.after)));

    // The last write wins, and both clients read it.
    const last = commits.at(-1)!.after;
    expect((await list(owner.actor)).find((c) => c.id === bob.id)).toEqual(last);
    expect((await list(editor.actor)).find((c) => c.id === bob.id)).toEqual(last);
    // The last chatter_update published carries it too.
    await waitFor(() => {
      const updates = h.liveEvents.filter(
        (e) => e.type === 'chatter_update' && (e.payload as { id: string }).id === bob.id,
      );
      return JSON.stringify(updates.at(-1)?.payload) === JSON.stringify(last);
    });
  });

  it('lets a delete race with greets without errors other than CHATTER_NOT_FOUND', async () => {
    const doomed = await h.request(R.createSession, { actor: owner.actor, name: 'Race' });
    const lines = Array.from({ length: 30 }, (_, i) => chatLine(owner.username, `racer_${i}`));
    const recorded = await h.chatters.recordChatLines(lines);
    const greets = recorded.map((r) =>
      h.failure(R.greetChatter, { actor: editor.actor, chatterId: r.chatter.id, isGreeted: true }),
    );
    const deletion = h.request(R.deleteSession, { actor: owner.actor, sessionId: doomed.id });
    const outcomes = await Promise.all(greets);
    const result = await deletion;
    expect(new Set(outcomes.filter((o) => o !== 'succeeded'))).toEqual(
      outcomes.every((o) => o === 'succeeded') ? new Set() : new Set(['CHATTER_NOT_FOUND']),
    );
    expect(result).toEqual({ sessionName: 'Race', deletedChatters: 30 });
    const { rows } = await h.db.query(
      `SELECT count(*)::int AS n FROM sessions.chatters WHERE session_id = $1`,
      [doomed.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('stops an editor the moment the link is removed', async () => {
    const [link] = await h.request(R.listGlobalEditors, { actor: owner.actor });
    await h.request(R.removeGlobalEditor, { actor: owner.actor, id: link.id });
    expect(await h.failure(R.listChatters, { actor: editor.actor, sessionId: session.id })).toBe(
      'SESSION_NOT_FOUND',
    );
    expect((await h.request(R.listSessions, { actor: editor.actor })).length).toBe(0);
  });

  it('changes the list version on every change and pages through large lists', async () => {
    const big = await h.request(R.createSession, { actor: owner.actor, name: 'Big' });
    const before = await h.request(R.chatterListVersion, { actor: owner.actor, sessionId: big.id });
    const lines = Array.from({ length: 2_500 }, (_, i) =>
      chatLine(owner.username, `viewer_${i}`, 'x'.repeat(200)),
    );
    await h.chatters.recordChatLines(lines);
    const after = await h.request(R.chatterListVersion, { actor: owner.actor, sessionId: big.id });
    expect(BigInt(after.version)).toBeGreaterThan(BigInt(before.version));
    const pages = await allPages(big.id);
    for (const page of pages) expect(JSON.stringify(page).length).toBeLessThan(1_000_000);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((page) => page.chatters.map((c) => c.username))).toEqual(
      lines.map((l) => l.login),
    );
  });

  it('keeps a page of chatters whose texts are all escapes under the bus message limit', async () => {
    const escapes = await h.request(R.createSession, { actor: owner.actor, name: 'Escapes' });
    // Twitch's longest message, every character one that JSON escapes.
    const text = '"\\'.repeat(250);
    const lines = Array.from({ length: 600 }, (_, i) =>
      chatLine(owner.username, `quoter_${i}`, text),
    );
    await h.chatters.recordChatLines(lines);
    const pages = await allPages(escapes.id);
    for (const page of pages) {
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(1_000_000);
      expect(page.chatters.every((chatter) => chatter.firstMessage === text)).toBe(true);
    }
    // Fewer than 250 chatters fit a page here.
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.flatMap((page) => page.chatters.map((c) => c.username))).toEqual(
      lines.map((l) => l.login),
    );
  });

  it('gives the chat-line path the same chatter as every other read, times as JavaScript writes them', async () => {
    const same = await h.request(R.createSession, { actor: owner.actor, name: 'Same' });
    const text = 'Kappa "quoted" \\ ünïcödé 😀';
    const [{ chatter: created }] = await h.chatters.recordChatLines([
      chatLine(owner.username, 'carol', text, {
        displayName: 'Carol «C»',
        emotes: [{ id: '25', start: 0, end: 4 }],
        firstMessage: true,
      }),
    ]);
    expect(created).toEqual(await h.chatters.load(created.id));
    // Every column set, times with microseconds as PostgreSQL's now() gives them.
    await h.db.query(
      `UPDATE sessions.chatters
          SET is_greeted = true, greeted_at = now(), greeted_by = $2,
              profile_image = 'https://static-cdn.jtvnw.net/carol.png',
              last_seen_before_at = now() - interval '3 days 0.123456 seconds',
              moderation = 'timed_out', moderated_at = now(),
              timeout_ends_at = now() + interval '1 day', first_message_deleted = true
        WHERE id = $1`,
      [created.id, editor.id],
    );
    const [{ chatter: updated, isNew }] = await h.chatters.recordChatLines([
      chatLine(owner.username, 'carol', 'back again'),
    ]);
    expect(isNew).toBe(false);
    expect(updated).toEqual(await h.chatters.load(created.id));
    // Times as JavaScript writes them (PostgreSQL holds microseconds; the DTO milliseconds).
    const { rows } = await h.db.query<Record<string, Date>>(
      `SELECT first_seen_at, last_seen_at, greeted_at, last_seen_before_at, moderated_at,
              timeout_ends_at FROM sessions.chatters WHERE id = $1`,
      [created.id],
    );
    const [times] = rows;
    expect(updated).toMatchObject({
      firstSeenAt: times.first_seen_at.toISOString(),
      lastSeenAt: times.last_seen_at.toISOString(),
      greetedAt: times.greeted_at.toISOString(),
      lastSeenBeforeAt: times.last_seen_before_at.toISOString(),
      moderatedAt: times.moderated_at.toISOString(),
      timeoutEndsAt: times.timeout_ends_at.toISOString(),
    });
    expect(updated).toMatchObject({
      sessionId: same.id,
      messageCount: 2,
      isGreeted: true,
      greetedByUser: { displayName: 'Eddie Editor', profileImage: editor.profileImage },
      moderation: 'timed_out',
      firstMessageDeleted: true,
      firstMessage: text,
      firstMessageEmotes: [{ id: '25', start: 0, end: 4 }],
    });
  });
});
