import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSIONS_REQUESTS as R, type ChatterDto } from '@greetboard/contracts';
import { chatLine, startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * History badges' data (ADR 0033): when a chatter first appears in a session, the upsert of
 * the batch looks up the chatter's earlier sessions with the same owner, once.
 */
describe("a chatter's history with the streamer", () => {
  let h: SessionsHarness;
  let owner: TestUser;
  let otherOwner: TestUser;
  const now = Date.now();

  beforeAll(async () => {
    h = await startSessionsHarness();
    [owner, otherOwner] = await Promise.all([h.seedUser(), h.seedUser()]);
  });

  afterAll(() => h.close());

  const runSession = async (user: TestUser, name: string) => {
    const session = await h.request(R.createSession, { actor: user.actor, name });
    await h.request(R.updateSession, { actor: user.actor, sessionId: session.id, isActive: true });
    return session;
  };
  const stop = (user: TestUser, sessionId: string) =>
    h.request(R.updateSession, { actor: user.actor, sessionId, isActive: false });
  const byName = async (user: TestUser, sessionId: string) =>
    new Map(
      (await h.request(R.listChatters, { actor: user.actor, sessionId })).chatters.map(
        (chatter: ChatterDto) => [chatter.username, chatter],
      ),
    );

  it('carries the last earlier appearance and the sessions seen, counting only the same owner', async () => {
    const channel = owner.username;
    const old = await runSession(owner, 'A month ago');
    await h.chatters.recordChatLines([
      chatLine(channel, 'carol', 'hi', { sentAt: now - 30 * DAY_MS }),
      chatLine(channel, 'carol', 'bye', { sentAt: now - 30 * DAY_MS + 60_000 }),
    ]);
    await stop(owner, old.id);
    const recent = await runSession(owner, 'Two days ago');
    await h.chatters.recordChatLines([
      chatLine(channel, 'dave', 'hey', { sentAt: now - 2 * DAY_MS }),
    ]);
    await stop(owner, recent.id);
    // Another streamer's session with carol: not this streamer's history.
    const elsewhere = await runSession(otherOwner, 'Elsewhere');
    await h.chatters.recordChatLines([
      chatLine(otherOwner.username, 'carol', 'hello', { sentAt: now - DAY_MS }),
    ]);
    await stop(otherOwner, elsewhere.id);

    const today = await runSession(owner, 'Today');
    await h.chatters.recordChatLines([
      chatLine(channel, 'carol', 'back! Kappa', {
        sentAt: now,
        emotes: [{ id: '25', start: 6, end: 10 }],
      }),
      chatLine(channel, 'dave', 'again', { sentAt: now + 1_000 }),
      chatLine(channel, 'erin', 'first time here', { sentAt: now + 2_000 }),
    ]);
    const chatters = await byName(owner, today.id);
    expect(chatters.get('carol')).toMatchObject({
      lastSeenBeforeAt: new Date(now - 30 * DAY_MS + 60_000).toISOString(),
      sessionsSeen: 2,
      firstMessage: 'back! Kappa',
      firstMessageEmotes: [{ id: '25', start: 6, end: 10 }],
    });
    expect(chatters.get('dave')).toMatchObject({
      lastSeenBeforeAt: new Date(now - 2 * DAY_MS).toISOString(),
      sessionsSeen: 2,
      firstMessageEmotes: [],
    });
    expect(chatters.get('erin')).toMatchObject({ lastSeenBeforeAt: null, sessionsSeen: 1 });

    // Set once, when first seen: later lines change neither.
    await h.chatters.recordChatLines([
      chatLine(channel, 'carol', 'still here', { sentAt: now + 5_000 }),
    ]);
    expect((await byName(owner, today.id)).get('carol')).toMatchObject({
      sessionsSeen: 2,
      messageCount: 2,
      firstMessageEmotes: [{ id: '25', start: 6, end: 10 }],
    });
    await stop(owner, today.id);

    // The fourth session: carol's third, her last appearance now today's.
    const next = await runSession(owner, 'Tomorrow');
    await h.chatters.recordChatLines([
      chatLine(channel, 'carol', 'me again', { sentAt: now + DAY_MS }),
    ]);
    expect((await byName(owner, next.id)).get('carol')).toMatchObject({
      lastSeenBeforeAt: new Date(now + 5_000).toISOString(),
      sessionsSeen: 3,
    });
  });
});
