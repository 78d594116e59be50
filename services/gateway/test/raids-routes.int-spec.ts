import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chatLineSubject,
  type ChatLineReceived,
  type ChatterDto,
  type RaidDto,
  type RaidGreetResult,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { createDurableStreams, type DurableStreams } from '@greetboard/transport';
import {
  ISO_TIME,
  ownerAndEditors,
  SESSION_NOT_FOUND,
  sessionsRoutesStack,
  type Route,
} from './sessions-routes.fixture.js';

const RAID_NOT_FOUND = { error: 'Raid not found.', code: 'RAID_NOT_FOUND' };

/**
 * Raids over real HTTP on real PostgreSQL and NATS (ADR 0032): a raid notice stored as
 * chat-ingest stores it reaches the session, the chatters who arrive with it are its raiders,
 * 'greet all raiders' greets exactly the ungreeted ones and its undo un-greets exactly those.
 */
describe('raids routes over HTTP', () => {
  const stack = sessionsRoutesStack();
  const { call, table, refusals, people } = stack;
  let streams: DurableStreams;
  let raid: RaidDto;
  const raidNotice = {
    id: randomUUID(),
    raidedAt: Date.now(),
  };
  const raiders: ChatterDto[] = [];
  let late: ChatterDto;
  const raidsPath = () => `/api/sessions/${stack.sessionId}/raids`;
  const greetAllPath = () => `${raidsPath()}/${raid.id}/greet`;
  const undoPath = () => `${raidsPath()}/${raid.id}/ungreet`;
  const chatters = () => stack.chattersOf(stack.sessionId);
  const byId = async () => new Map((await chatters()).map((chatter) => [chatter.id, chatter]));

  const publishRaid = async () => {
    const owner = people.owner!;
    const notice: ChatLineReceived = {
      id: raidNotice.id,
      channel: owner.username,
      channelId: owner.twitchId,
      userId: 'r0',
      login: 'raid_boss',
      displayName: 'Raid_Boss',
      text: '150 raiders from Raid_Boss have joined!',
      sentAt: raidNotice.raidedAt,
      firstMessage: false,
      returningChatter: false,
      raidViewerCount: 150,
    };
    await streams.publish(chatLineSubject(owner.username), notice, { msgId: notice.id });
  };

  beforeAll(async () => {
    await stack.start();
    streams = await createDurableStreams(stack.transport);
    await publishRaid();
    [raid] = await waitFor(
      async () => {
        const answer = await call('owner', 'GET', raidsPath());
        const list = answer.body as RaidDto[];
        return list.length > 0 ? list : undefined;
      },
      { timeoutMs: 20_000, what: 'the raid to reach the session' },
    );
    const at = (seconds: number) => raidNotice.raidedAt + seconds * 1_000;
    for (const [index, login] of ['raider_a', 'raider_b', 'raider_c'].entries()) {
      raiders.push(
        await stack.chatIn([{ login, userId: `r${index + 1}`, text: 'raid hype', sentAt: at(5) }]),
      );
    }
    // The fixture's "viewer" was in the session before the raid: chatting again changes nothing.
    late = await stack.chatIn([
      { login: 'late_comer', userId: 'l1', text: 'hello', sentAt: at(6 * 60) },
      { login: 'viewer', userId: 't1', text: 'welcome raiders', sentAt: at(10) },
    ]);
    // One raider was greeted by hand before 'greet all raiders'.
    const path = `/api/chatters/${raiders[0].id}/greet`;
    expect((await call('owner', 'PUT', path, { isGreeted: true })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await streams?.close();
    await stack.stop();
  });

  it('stores the raid once, and marks only the chatters who arrived with it', async () => {
    const at = (seconds: number) => raidNotice.raidedAt + seconds * 1_000;
    expect(raid).toEqual({
      id: expect.any(String),
      sessionId: stack.sessionId,
      raiderTwitchId: 'r0',
      raiderLogin: 'raid_boss',
      raiderDisplayName: 'Raid_Boss',
      viewerCount: 150,
      raidedAt: new Date(raidNotice.raidedAt).toISOString(),
      windowSeconds: 90,
      raiderCount: 0,
      greetedCount: 0,
    });
    // A redelivered notice (same Twitch message id) is not a second raid.
    await publishRaid();
    await stack.chatIn([{ login: 'after_redelivery', userId: 'x1', text: 'hi', sentAt: at(-60) }]);
    const list = (await call('owner', 'GET', raidsPath())).body as RaidDto[];
    expect(list).toEqual([{ ...raid, raiderCount: 3, greetedCount: 1 }]);

    const now = await byId();
    for (const raider of raiders) expect(now.get(raider.id)?.raidId).toBe(raid.id);
    expect(now.get(stack.chatterId)).toMatchObject({ raidId: null, messageCount: 2 });
    expect(now.get(late.id)?.raidId).toBeNull();
  });

  table(
    'GET /api/sessions/{id}/raids',
    (): Route => ['GET', raidsPath()],
    ownerAndEditors(200, () => [{ ...raid, raiderCount: 3, greetedCount: 1 }], SESSION_NOT_FOUND),
  );

  refusals([
    [
      'an unknown raid',
      'POST',
      () => `${raidsPath()}/${randomUUID()}/greet`,
      undefined,
      404,
      'RAID_NOT_FOUND',
    ],
    [
      'a raid id that is no UUID',
      'POST',
      () => `${raidsPath()}/not-a-raid/greet`,
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    ['an undo without chatter ids', 'POST', () => undoPath(), {}, 400, 'VALIDATION_FAILED'],
    [
      'an undo with ids that are no UUIDs',
      'POST',
      () => undoPath(),
      { chatterIds: ['x'] },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an undo of an unknown raid',
      'POST',
      () => `${raidsPath()}/${randomUUID()}/ungreet`,
      { chatterIds: [] },
      404,
      'RAID_NOT_FOUND',
    ],
  ]);

  it('refuses strangers and admins, changing nothing', async () => {
    const before = await chatters();
    for (const actor of ['visitor', 'approved', 'former', 'admin'] as const) {
      const answer = await call(actor, 'POST', greetAllPath());
      expect(answer.status).toBe(actor === 'visitor' ? 401 : actor === 'admin' ? 403 : 404);
    }
    // An editor gets the spec's text for a raid of another session.
    expect(await call('editor', 'POST', `${raidsPath()}/${randomUUID()}/greet`)).toEqual({
      status: 404,
      body: RAID_NOT_FOUND,
    });
    expect(await chatters()).toEqual(before);
  });

  it('greets every ungreeted raider at once, and the undo un-greets exactly those', async () => {
    const before = await byId();
    const answer = await call('editor', 'POST', greetAllPath());
    expect(answer.status).toBe(200);
    const result = answer.body as RaidGreetResult;
    const greetedIds = raiders.slice(1).map((raider) => raider.id);
    expect(result.raidId).toBe(raid.id);
    expect(result.chatters.map((chatter) => chatter.id).sort()).toEqual([...greetedIds].sort());
    for (const chatter of result.chatters) {
      expect(chatter).toMatchObject({
        isGreeted: true,
        greetedAt: ISO_TIME,
        greetedBy: people.editor!.id,
        raidId: raid.id,
      });
    }
    const afterGreet = await byId();
    expect(afterGreet.get(raiders[0].id)).toEqual(before.get(raiders[0].id));
    for (const id of greetedIds)
      expect(afterGreet.get(id)).toEqual(result.chatters.find((chatter) => chatter.id === id));
    expect(afterGreet.get(stack.chatterId)).toEqual(before.get(stack.chatterId));
    expect(afterGreet.get(late.id)).toEqual(before.get(late.id));

    // Greeting all again finds nobody left.
    const again = await call('owner', 'POST', greetAllPath());
    expect(again).toEqual({ status: 200, body: { raidId: raid.id, chatters: [] } });

    // The undo names what greet-all answered (and a chatter that is no raider, left alone).
    const undo = await call('owner', 'POST', undoPath(), {
      chatterIds: [...greetedIds, stack.chatterId],
    });
    expect(undo.status).toBe(200);
    const undone = (undo.body as RaidGreetResult).chatters;
    expect(undone.map((chatter) => chatter.id).sort()).toEqual([...greetedIds].sort());
    const afterUndo = await byId();
    for (const [id, chatter] of before) {
      if (greetedIds.includes(id)) {
        expect(afterUndo.get(id)).toMatchObject({
          isGreeted: false,
          greetedAt: null,
          greetedBy: null,
          greetedByUser: null,
          messageCount: chatter.messageCount,
        });
      } else {
        expect(afterUndo.get(id)).toEqual(chatter);
      }
    }
    const list = (await call('owner', 'GET', raidsPath())).body as RaidDto[];
    expect(list).toEqual([{ ...raid, raiderCount: 3, greetedCount: 1 }]);
  });

  it('shows the raiders it will greet, then greets exactly those named (ADR 0053)', async () => {
    const pending = await call('owner', 'GET', `${raidsPath()}/${raid.id}/raiders`);
    expect(pending.status).toBe(200);
    const shown = (pending.body as ChatterDto[]).map((chatter) => chatter.id);
    expect([...shown].sort()).toEqual(
      raiders
        .slice(1)
        .map((raider) => raider.id)
        .sort(),
    );
    // A raider and a chatter who is none: only the raider is greeted.
    const answer = await call('editor', 'POST', greetAllPath(), {
      chatterIds: [raiders[1].id, stack.chatterId],
    });
    expect(answer.status).toBe(200);
    expect((answer.body as RaidGreetResult).chatters.map((chatter) => chatter.id)).toEqual([
      raiders[1].id,
    ]);
    expect((await byId()).get(raiders[2].id)?.isGreeted).toBe(false);
    const bad = await call('owner', 'POST', greetAllPath(), { chatterIds: ['not-an-id'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const stranger = await call('approved', 'GET', `${raidsPath()}/${raid.id}/raiders`);
    expect(stranger).toEqual({ status: 404, body: SESSION_NOT_FOUND });
  });

  it('keeps the raid window of each user between 15 and 600 seconds', async () => {
    const path = '/api/settings/raids';
    expect(await call('owner', 'GET', path)).toEqual({ status: 200, body: { windowSeconds: 90 } });
    for (const windowSeconds of [14, 601]) {
      expect(await call('owner', 'PUT', path, { windowSeconds })).toEqual({
        status: 400,
        body: {
          error: 'The raid window must be between 15 and 600 seconds.',
          code: 'RAID_WINDOW_OUT_OF_RANGE',
        },
      });
    }
    expect((await call('owner', 'PUT', path, { windowSeconds: 1.5 })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await call('owner', 'PUT', path, { windowSeconds: 120 })).toEqual({
      status: 200,
      body: { windowSeconds: 120 },
    });
    expect((await call('owner', 'GET', path)).body).toEqual({ windowSeconds: 120 });
    expect((await call('editor', 'GET', path)).body).toEqual({ windowSeconds: 90 });
  });
});
