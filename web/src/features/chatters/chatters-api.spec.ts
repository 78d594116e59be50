import type { ChatterDto } from '@greetboard/contracts/wire';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiSlice } from '../../app/api-slice';
import { createStore } from '../../app/store';
import { chatterFixture, fakeApi } from '../../../test/unit/test-utils';
import { applyChatterEvent, chattersApi } from './chatters-api';

const SESSION = 'session-1';

const chatter = (id: string, firstSeenAt: string, overrides: Partial<ChatterDto> = {}) =>
  chatterFixture(id, { firstSeenAt, sessionId: SESSION, ...overrides });

describe('live chatter events', () => {
  it('adds a new chatter once, keeping the list oldest first', () => {
    const list = [chatter('a', '2025-01-01T10:00:00Z'), chatter('c', '2025-01-01T10:02:00Z')];
    const b = chatter('b', '2025-01-01T10:01:00Z');
    expect(applyChatterEvent(list, SESSION, { type: 'new_chatter', payload: b })).toBe(true);
    expect(applyChatterEvent(list, SESSION, { type: 'new_chatter', payload: b })).toBe(false);
    expect(list.map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces a chatter on update and ignores other sessions', () => {
    const list = [chatter('a', '2025-01-01T10:00:00Z')];
    applyChatterEvent(list, SESSION, {
      type: 'chatter_update',
      payload: chatter('a', '2025-01-01T10:00:00Z', { isGreeted: true, messageCount: 4 }),
    });
    applyChatterEvent(list, SESSION, {
      type: 'new_chatter',
      payload: chatter('x', '2025-01-01T09:00:00Z', { sessionId: 'other' }),
    });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ isGreeted: true, messageCount: 4 });
  });
});

describe('optimistic greeting', () => {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  beforeEach(() => {
    // The app calls its API with relative URLs; resolve them as a browser would.
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
      }
    };
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
  });

  function respond(status: number, body: unknown) {
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  }

  it('shows the greeting at once and rolls it back when the server refuses', async () => {
    const store = createStore();
    await store.dispatch(
      chattersApi.util.upsertQueryData('getChatters', SESSION, [
        chatter('a', '2025-01-01T10:00:00Z'),
      ]),
    );
    let refuse: (value: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (refuse = resolve)));

    const read = () =>
      chattersApi.endpoints.getChatters.select(SESSION)(store.getState()).data?.[0];
    const request = store.dispatch(
      chattersApi.endpoints.greetChatter.initiate({
        chatterId: 'a',
        sessionId: SESSION,
        isGreeted: true,
      }),
    );
    await Promise.resolve();
    expect(read()?.isGreeted).toBe(true);

    refuse(
      await respond(500, { code: 'INTERNAL', message: 'Something went wrong. Please try again.' }),
    );
    await request.unwrap().catch(() => undefined);
    expect(read()?.isGreeted).toBe(false);
    store.dispatch(apiSlice.util.resetApiState());
  });
});

describe('the chatter calls take the answers as the gateway sends them', () => {
  let restore = () => undefined as void;
  afterEach(() => restore());

  it("keeps the server's list, oldest first, as it came", async () => {
    const list = [
      chatter('a', '2025-01-01T10:00:00Z'),
      chatter('b', '2025-01-01T10:01:00Z', { isGreeted: true }),
    ];
    ({ restore } = fakeApi({ [`GET /api/sessions/${SESSION}/chatters`]: { body: list } }));
    const store = createStore();
    const { data } = await store.dispatch(chattersApi.endpoints.getChatters.initiate(SESSION));
    expect(data).toEqual(list);
    store.dispatch(apiSlice.util.resetApiState());
  });

  it("replaces the cached chatter with the greet answer (the server's greeter and time)", async () => {
    const greeted = chatter('a', '2025-01-01T10:00:00Z', {
      isGreeted: true,
      greetedAt: '2025-01-01T10:05:00Z',
      greetedBy: 'user-1',
      greetedByUser: { displayName: 'Streamer', profileImage: null },
    });
    ({ restore } = fakeApi({ 'PUT /api/chatters/a/greet': { body: greeted } }));
    const store = createStore();
    await store.dispatch(
      chattersApi.util.upsertQueryData('getChatters', SESSION, [
        chatter('a', '2025-01-01T10:00:00Z'),
      ]),
    );
    const answer = await store
      .dispatch(
        chattersApi.endpoints.greetChatter.initiate({
          chatterId: 'a',
          sessionId: SESSION,
          isGreeted: true,
        }),
      )
      .unwrap();
    expect(answer).toEqual(greeted);
    expect(chattersApi.endpoints.getChatters.select(SESSION)(store.getState()).data).toEqual([
      greeted,
    ]);
    store.dispatch(apiSlice.util.resetApiState());
  });
});
