import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LIVE_EVENTS,
  SESSIONS_REQUESTS,
  type ChatLineReceived,
  type ChatterDto,
  type LiveChatterMessages,
} from '@greetboard/contracts';
import { ChatterProfilesJob, ChattersRepository } from '@greetboard/sessions';
import type { EmulatorUser } from '@greetboard/twitch-emulator';
import {
  startTwitchSessionsStack,
  type SignedInUser,
  type TwitchSessionsStack,
} from './twitch-sessions-stack.js';

const STREAMER = 'profile_streamer';
const HOUR_MS = 3_600_000;
/** The job's pause after a failed Helix call; the test runs its rounds at chosen times. */
const RETRY_AFTER_MS = 300;

/**
 * The profile image job (ADR 0033) against the Twitch emulator as Twitch, the real auth
 * service (app token, Helix users) and the real sessions service on PostgreSQL. The job's
 * timer is set far out; the test runs its rounds itself.
 */
describe('chatter profile images from Helix users', () => {
  let stack: TwitchSessionsStack;
  let job: ChatterProfilesJob;
  let chatters: ChattersRepository;
  let sessionId: string;
  let streamer: SignedInUser;
  /** The number of ids of each Helix users call, in order. */
  const helixCalls: number[] = [];

  beforeAll(async () => {
    stack = await startTwitchSessionsStack({
      approvedLogins: [STREAMER],
      chatterProfiles: { intervalMs: 24 * HOUR_MS, retryAfterMs: RETRY_AFTER_MS },
    });
    job = stack.sessions.get(ChatterProfilesJob);
    chatters = stack.sessions.get(ChattersRepository);
    streamer = await stack.signIn(STREAMER);
    const session = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Profiles',
    });
    await stack.request(SESSIONS_REQUESTS.updateSession, {
      actor: streamer.actor,
      sessionId: session.id,
      isActive: true,
    });
    sessionId = session.id;
    // Every Helix users call passes the emulator's token lookup once, then looks ids up.
    const { tokens, users } = stack.emulator.state;
    const lookup = tokens.lookup.bind(tokens);
    let counting = false;
    tokens.lookup = (value) => {
      counting = true;
      return lookup(value);
    };
    const byId = users.byId.bind(users);
    users.byId = (id) => {
      if (counting) {
        helixCalls.push(0);
        counting = false;
      }
      if (helixCalls.length > 0) helixCalls[helixCalls.length - 1] += 1;
      return byId(id);
    };
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  function viewers(prefix: string, count: number): EmulatorUser[] {
    return Array.from({ length: count }, (_, index) =>
      stack.emulator.state.users.ensure(`${prefix}_${index}`),
    );
  }

  function lineOf(viewer: EmulatorUser, sentAt = Date.now()): ChatLineReceived {
    return {
      id: randomUUID(),
      channel: STREAMER,
      channelId: '1',
      userId: viewer.id,
      login: viewer.login,
      displayName: viewer.displayName,
      text: 'hello',
      sentAt,
      firstMessage: false,
      returningChatter: false,
    };
  }

  async function imagesOf(viewersSeen: EmulatorUser[]): Promise<(string | null)[]> {
    const result = await stack.db.query<{ twitch_id: string; profile_image: string | null }>(
      `SELECT twitch_id, profile_image FROM sessions.chatters
        WHERE session_id = $1 AND twitch_id = ANY($2::text[])`,
      [sessionId, viewersSeen.map((viewer) => viewer.id)],
    );
    const byId = new Map(result.rows.map((row) => [row.twitch_id, row.profile_image]));
    return viewersSeen.map((viewer) => byId.get(viewer.id) ?? null);
  }

  const setImage = (viewer: EmulatorUser, url: string) => {
    (viewer as { profileImageUrl: string }).profileImageUrl = url;
  };

  it('asks Helix about 150 new chatters in two calls of at most 100 ids and shows their images', async () => {
    const crowd = viewers('crowd', 150);
    const recorded = await chatters.recordChatLines(crowd.map((viewer) => lineOf(viewer)));
    expect(recorded.filter((entry) => entry.isNew)).toHaveLength(150);
    expect(recorded.every((entry) => entry.chatter.profileImage === null)).toBe(true);
    const version = await chatters.listVersion(sessionId);

    // What the gateways get: the chat pipeline's kind of event, one message per line.
    const sent: { type: string; payload: ChatterDto }[] = [];
    const watching = stack.broker.subscribe(LIVE_EVENTS.chatterMessages.subject, (message) => {
      const { data } = message.json() as { data: LiveChatterMessages };
      for (const part of data.sessions)
        if (part.sessionId === sessionId)
          for (const line of part.messages.split('\n'))
            sent.push(JSON.parse(line) as { type: string; payload: ChatterDto });
    });

    helixCalls.length = 0;
    await job.run();
    watching.unsubscribe();
    expect(helixCalls).toEqual([100, 50]);
    expect(await imagesOf(crowd)).toEqual(crowd.map((viewer) => viewer.profileImageUrl));
    // The screens learn of it through the list's version (their pages' ETag) and the live
    // event with it: one chatter_update per chatter, with the image, in one bus message.
    expect(BigInt(await chatters.listVersion(sessionId))).toBeGreaterThan(BigInt(version));
    expect(sent.map(({ type }) => type)).toEqual(crowd.map(() => 'chatter_update'));
    expect(new Map(sent.map(({ payload }) => [payload.twitchId, payload.profileImage]))).toEqual(
      new Map(crowd.map((viewer) => [viewer.id, viewer.profileImageUrl])),
    );
    expect(sent.every(({ payload }) => payload.sessionId === sessionId)).toBe(true);

    // Nothing is due now: no call.
    helixCalls.length = 0;
    await job.run();
    expect(helixCalls).toEqual([]);
  });

  it('gives a chatter whose image is cached the image at once, without a Helix call', async () => {
    const [known] = viewers('crowd', 1);
    const other = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Second',
    });
    // The streamer's newest active session takes the lines.
    await stack.request(SESSIONS_REQUESTS.updateSession, {
      actor: streamer.actor,
      sessionId: other.id,
      isActive: true,
    });
    const [entry] = await chatters.recordChatLines([lineOf(known)]);
    expect(entry?.chatter.sessionId).toBe(other.id);
    expect(entry?.chatter.profileImage).toBe(known.profileImageUrl);
    helixCalls.length = 0;
    await job.run();
    expect(helixCalls).toEqual([]);
    sessionId = other.id;
  });

  it('refreshes a cached image once it is a day old, for chatters seen since', async () => {
    const [viewer] = viewers('crowd', 1);
    setImage(viewer, `${stack.emulator.httpUrl}/emulator/avatars/new_look.svg`);
    helixCalls.length = 0;
    await job.run(new Date(Date.now() + HOUR_MS));
    expect(helixCalls).toEqual([]);
    expect(await imagesOf([viewer])).not.toEqual([viewer.profileImageUrl]);

    // A day later (the chatter was seen within it): asked again, and the new image shows.
    await stack.db.query(
      `UPDATE sessions.chatter_profiles SET fetched_at = now() - interval '25 hours'
        WHERE twitch_id = $1`,
      [viewer.id],
    );
    await job.run();
    expect(helixCalls).toEqual([1]);
    expect(await imagesOf([viewer])).toEqual([viewer.profileImageUrl]);
  });

  it('keeps going when Twitch fails: logged, retried later, the chat path unaffected', async () => {
    const late = viewers('late', 3);
    await stack.control('POST', '/control/faults', { kind: 'helix-5xx', count: 1 });
    const recorded = await chatters.recordChatLines(late.map((viewer) => lineOf(viewer)));
    expect(recorded).toHaveLength(3);
    // The rounds run at chosen times (the job measures its pause from the time it is given).
    const failedAt = Date.now();
    const at = (ms: number) => new Date(failedAt + ms);
    await job.run(at(0));
    expect(await imagesOf(late)).toEqual([null, null, null]);

    // Paused after the failure, to its last millisecond: that round does not ask Twitch.
    helixCalls.length = 0;
    await job.run(at(RETRY_AFTER_MS - 1));
    expect(helixCalls).toEqual([]);

    // Rate limited the next time: still nothing lost.
    await stack.control('POST', '/control/faults', { kind: 'helix-429', count: 1 });
    await job.run(at(RETRY_AFTER_MS));
    expect(await imagesOf(late)).toEqual([null, null, null]);

    await job.run(at(2 * RETRY_AFTER_MS));
    expect(await imagesOf(late)).toEqual(late.map((viewer) => viewer.profileImageUrl));
  });
});
