import { describe, expect, it, jest } from '@jest/globals';
import { of, throwError } from 'rxjs';
import { DomainError, type TwitchUserProfilesRequest } from '@greetboard/contracts';
import type { BusClient } from '@greetboard/transport';
import type { LiveEvents } from '../live/live-events.js';
import { ChatterProfilesJob, DEFAULT_CHATTER_PROFILE_SETTINGS } from './chatter-profiles.job.js';
import type { ChatterProfilesRepository } from './chatter-profiles.repository.js';

function jobWith(ids: string[], answer: (twitchIds: string[]) => 'fail' | 'ok') {
  const asked: string[][] = [];
  const stored: string[][] = [];
  const bus = {
    send: (_subject: string, payload: TwitchUserProfilesRequest) => {
      asked.push(payload.twitchIds);
      return answer(payload.twitchIds) === 'fail'
        ? throwError(() => new DomainError('TWITCH_UNAVAILABLE', undefined, { status: 429 }))
        : of({
            profiles: payload.twitchIds.map((twitchId) => ({
              twitchId,
              profileImage: `https://img/${twitchId}.png`,
            })),
          });
    },
    emit: () => of(undefined),
  } as unknown as BusClient;
  const repository = {
    idsToFetch: jest.fn(() => Promise.resolve(ids)),
    // Each store changes the first asked chatter in session s1, at the next list version.
    store: jest.fn((askedIds: string[]) => {
      stored.push(askedIds);
      return Promise.resolve([
        {
          sessionId: 's1',
          userIds: ['owner'],
          created: [],
          updated: [{ id: askedIds[0], json: `{"id":"${askedIds[0]}"}` }],
          listVersion: String(stored.length),
        },
      ]);
    }),
  } as unknown as ChatterProfilesRepository;
  const live = {
    chatterTextsChanged: jest.fn(() => Promise.resolve()),
  } as unknown as LiveEvents;
  const job = new ChatterProfilesJob(repository, bus, live, DEFAULT_CHATTER_PROFILE_SETTINGS);
  return { job, asked, stored, repository, live };
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => String(1000 + index));

describe('ChatterProfilesJob', () => {
  it('asks Helix at most 100 ids a call, stores each answer, and tells the screens once', async () => {
    const { job, asked, stored, live } = jobWith(ids(250), () => 'ok');
    await job.run();
    expect(asked.map((call) => call.length)).toEqual([100, 100, 50]);
    expect(stored).toEqual(asked);
    expect(new Set(asked.flat()).size).toBe(250);
    expect(live.chatterTextsChanged).toHaveBeenCalledTimes(1);
    const [[events]] = (live.chatterTextsChanged as jest.Mock).mock.calls as [[unknown]];
    expect(events).toEqual([
      {
        sessionId: 's1',
        userIds: ['owner'],
        created: [],
        updated: ['1000', '1100', '1200'].map((id) => ({ id, json: `{"id":"${id}"}` })),
        listVersion: '3',
      },
    ]);
  });

  it('stops at a failed call, keeps and announces what was stored, and pauses', async () => {
    const { job, asked, stored, repository, live } = jobWith(ids(250), (twitchIds) =>
      twitchIds[0] === '1100' ? 'fail' : 'ok',
    );
    const now = new Date('2026-11-24T10:00:00Z');
    await job.run(now);
    expect(asked.map((call) => call.length)).toEqual([100, 100]);
    expect(stored).toEqual([asked[0]]);
    expect(live.chatterTextsChanged).toHaveBeenCalledWith([
      expect.objectContaining({
        updated: [{ id: '1000', json: '{"id":"1000"}' }],
        listVersion: '1',
      }),
    ]);
    await job.run(new Date(now.getTime() + DEFAULT_CHATTER_PROFILE_SETTINGS.retryAfterMs - 1));
    expect(asked).toHaveLength(2);
    expect(repository.idsToFetch).toHaveBeenCalledTimes(1);
    await job.run(new Date(now.getTime() + DEFAULT_CHATTER_PROFILE_SETTINGS.retryAfterMs));
    expect(repository.idsToFetch).toHaveBeenCalledTimes(2);
  });

  it('asks for the images fetched more than a day ago', async () => {
    const { job, repository, stored } = jobWith([], () => 'ok');
    const now = new Date('2026-11-24T10:00:00Z');
    await job.run(now);
    expect(repository.idsToFetch).toHaveBeenCalledWith(new Date('2026-11-23T10:00:00Z'), 1000);
    expect(stored).toEqual([]);
  });

  it('stores and announces nothing when the first call fails', async () => {
    const { job, asked, stored, live } = jobWith(ids(50), () => 'fail');
    await job.run();
    expect(asked).toHaveLength(1);
    expect(stored).toEqual([]);
    expect(live.chatterTextsChanged).toHaveBeenCalledWith([]);
  });

  it('starts woken rounds at least a second apart, however often it is woken', async () => {
    jest.useFakeTimers();
    try {
      const { job, asked } = jobWith(ids(10), () => 'ok');
      job.wake();
      await jest.advanceTimersByTimeAsync(250);
      expect(asked).toHaveLength(1);
      // Woken again at once: the next round starts a second after the first did.
      job.wake();
      await jest.advanceTimersByTimeAsync(990);
      expect(asked).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(10);
      expect(asked).toHaveLength(2);
      // Woken after a quiet while: the usual short wait.
      await jest.advanceTimersByTimeAsync(5_000);
      job.wake();
      await jest.advanceTimersByTimeAsync(250);
      expect(asked).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
