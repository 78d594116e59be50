import type { ChatterDto, ChatterView } from '@greetboard/contracts/wire';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiSlice } from '../../app/api-slice';
import { createStore } from '../../app/store';
import { chatterFixture, fakeApi } from '../../../test/unit/test-utils';
import {
  applyChatterEvents,
  chattersApi,
  patchChatterView,
  type ChatterPageArgs,
} from './chatters-api';

const SESSION = 'session-1';

const chatter = (id: string, firstSeenAt: string, overrides: Partial<ChatterDto> = {}) =>
  chatterFixture(id, { firstSeenAt, sessionId: SESSION, ...overrides });

describe('live chatter events', () => {
  const added = (payload: ChatterDto) => ({ type: 'new_chatter' as const, payload });
  const changed = (payload: ChatterDto) => ({ type: 'chatter_update' as const, payload });
  const ids = (list: readonly ChatterDto[] | undefined) => list?.map((c) => c.id);

  it('adds a new chatter once, keeping the list oldest first, without changing the old list', () => {
    const list = [chatter('a', '2025-01-01T10:00:00Z'), chatter('c', '2025-01-01T10:02:00Z')];
    const b = chatter('b', '2025-01-01T10:01:00Z');
    const next = applyChatterEvents(list, SESSION, [added(b), added(b)]);
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(ids(list)).toEqual(['a', 'c']);
    expect(applyChatterEvents(next ?? [], SESSION, [added(b)])).toBeUndefined();
  });

  it('replaces a chatter on update and ignores other sessions', () => {
    const list = [chatter('a', '2025-01-01T10:00:00Z')];
    const next = applyChatterEvents(list, SESSION, [
      changed(chatter('a', '2025-01-01T10:00:00Z', { isGreeted: true, messageCount: 4 })),
      added(chatter('x', '2025-01-01T09:00:00Z', { sessionId: 'other' })),
    ]);
    expect(next).toHaveLength(1);
    expect(next?.[0]).toMatchObject({ isGreeted: true, messageCount: 4 });
    expect(list[0]?.isGreeted).toBe(false);
  });

  it('ignores an update of a chatter it does not hold, and an update of nothing changes nothing', () => {
    const list = [chatter('a', '2025-01-01T10:00:00Z')];
    expect(
      applyChatterEvents(list, SESSION, [changed(chatter('z', '2025-01-01T10:00:00Z'))]),
    ).toBeUndefined();
  });

  it('places several new chatters of one batch in first-seen order, after equal times', () => {
    const list = [chatter('a', '2025-01-01T10:00:00Z'), chatter('d', '2025-01-01T10:03:00Z')];
    const next = applyChatterEvents(list, SESSION, [
      added(chatter('f', '2025-01-01T10:05:00Z')),
      added(chatter('e', '2025-01-01T10:04:00Z')),
      added(chatter('b', '2025-01-01T10:00:00Z')),
      added(chatter('c', '2025-01-01T10:00:00Z')),
    ]);
    expect(ids(next)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('keeps the newest state of a chatter added and updated in the same batch', () => {
    const next = applyChatterEvents([], SESSION, [
      added(chatter('a', '2025-01-01T10:00:00Z', { messageCount: 1 })),
      changed(chatter('a', '2025-01-01T10:00:00Z', { messageCount: 2 })),
    ]);
    expect(next).toEqual([chatter('a', '2025-01-01T10:00:00Z', { messageCount: 2 })]);
  });

  it('applies a large batch (indexed) as a few events (searched) would', () => {
    const list = Array.from({ length: 200 }, (_, index) =>
      chatter(`c${index}`, new Date(Date.UTC(2025, 0, 1, 10, 0, index)).toISOString()),
    );
    const greet = (id: string) => changed({ ...list.find((c) => c.id === id)!, isGreeted: true });
    const late = chatter('late', '2025-01-01T11:00:00Z');
    const many = [...list.slice(0, 50).map((c) => greet(c.id)), added(late)];
    const next = applyChatterEvents(list, SESSION, many);
    expect(next).toHaveLength(201);
    expect(next?.filter((c) => c.isGreeted)).toHaveLength(50);
    expect(next?.at(-1)?.id).toBe('late');
    const few = applyChatterEvents(list, SESSION, [greet('c0'), added(late)]);
    expect(few?.[0]).toEqual(next?.[0]);
    expect(few?.at(-1)).toEqual(late);
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

describe('chatter pages', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const view = (chatters: ChatterDto[]): ChatterView => ({
    version: '1',
    total: 100_000,
    greeted: 40_000,
    pending: 59_990,
    matching: 100_000,
    offset: 0,
    chatters,
  });
  const args = (limit: number): ChatterPageArgs => ({
    sessionId: SESSION,
    order: 'newest',
    offset: 0,
    limit,
    hideGreeted: false,
    hideModerated: false,
    search: '',
  });

  it('puts a changed chatter into its page and counts its greeting once', () => {
    const page = view([chatter('a', '2025-01-01T10:00:00Z')]);
    const greeted = chatter('a', '2025-01-01T10:00:00Z', { isGreeted: true });
    expect(patchChatterView(page, [greeted])).toBe(true);
    expect(patchChatterView(page, [greeted])).toBe(true);
    expect(page).toMatchObject({ greeted: 40_001, pending: 59_989 });
    expect(page.chatters[0]?.isGreeted).toBe(true);
    expect(patchChatterView(page, [chatter('z', '2025-01-01T10:00:00Z')])).toBe(false);
  });

  it('shows a greeting at once on every page of the session, counts included, and rolls it back', async () => {
    const store = createStore();
    const a = chatter('a', '2025-01-01T10:00:00Z');
    await store.dispatch(chattersApi.util.upsertQueryData('getChatterPage', args(10), view([a])));
    // The smallest page, for the counts only: it does not hold the chatter.
    await store.dispatch(
      chattersApi.util.upsertQueryData(
        'getChatterPage',
        args(1),
        view([chatter('b', '2025-01-01T10:01:00Z')]),
      ),
    );
    let refuse: (value: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (refuse = resolve)));
    const read = (limit: number) =>
      chattersApi.endpoints.getChatterPage.select(args(limit))(store.getState()).data;
    const request = store.dispatch(
      chattersApi.endpoints.greetChatter.initiate({
        chatterId: 'a',
        sessionId: SESSION,
        isGreeted: true,
      }),
    );
    await Promise.resolve();
    expect(read(10)?.chatters[0]?.isGreeted).toBe(true);
    expect(read(10)).toMatchObject({ greeted: 40_001, pending: 59_989 });
    expect(read(1)).toMatchObject({ greeted: 40_001, pending: 59_989 });

    refuse(new Response('{"code":"INTERNAL","message":"x"}', { status: 500 }));
    await request.unwrap().catch(() => undefined);
    expect(read(10)?.chatters[0]?.isGreeted).toBe(false);
    expect(read(1)).toMatchObject({ greeted: 40_000, pending: 59_990 });
    store.dispatch(apiSlice.util.resetApiState());
  });
});
