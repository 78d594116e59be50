import type { AdminOverviewDto, ServerMessage } from '@greetboard/contracts/wire';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiSlice } from '../../app/api-slice';
import { createStore } from '../../app/store';
import { liveSocket } from '../live/live-socket';
import { adminApi } from './admin-api';

const overview = (pendingUsers: number): AdminOverviewDto => ({
  totalUsers: 1 + pendingUsers,
  activeSessions: 0,
  totalChatters: 0,
  activeTmiConnections: 0,
  pendingUsers,
});

const pendingEvent = (pendingUsers: number): ServerMessage => ({
  type: 'admin_pending_users',
  payload: { pendingUsers, user: { id: 'u2', username: 'waiting', displayName: 'Waiting' } },
});

describe('the admin overview over the live channel', () => {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  let listeners: ((event: ServerMessage) => void)[] = [];
  let answers: { resolve: (body: AdminOverviewDto) => void }[] = [];
  /** Checks waiting in `until`, run at every request and every change of the store. */
  const checks = new Set<() => void>();
  const changed = () => checks.forEach((check) => check());
  /** Resolves once `condition` holds (the test's timeout bounds the wait). */
  const until = (condition: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!condition()) return;
        checks.delete(check);
        resolve();
      };
      checks.add(check);
      check();
    });
  const started = () => {
    const store = createStore();
    store.subscribe(changed);
    return store;
  };

  beforeEach(() => {
    listeners = [];
    answers = [];
    jest.spyOn(liveSocket, 'subscribe').mockImplementation((listener) => {
      listeners.push(listener);
      return () => {
        listeners = listeners.filter((other) => other !== listener);
        return true;
      };
    });
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
      }
    };
    // Each overview request waits until the test answers it.
    globalThis.fetch = jest.fn(
      () =>
        new Promise<Response>((resolve) => {
          answers.push({
            resolve: (body) =>
              resolve(
                new Response(JSON.stringify(body), {
                  headers: { 'Content-Type': 'application/json' },
                }),
              ),
          });
          changed();
        }),
    );
  });
  afterEach(() => {
    checks.clear();
    jest.restoreAllMocks();
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
  });

  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const emit = (event: ServerMessage) => listeners.forEach((listener) => listener(event));

  it('asks again when a user started waiting while the overview was loading', async () => {
    const store = started();
    const read = () => adminApi.endpoints.getAdminOverview.select()(store.getState() as never).data;
    const subscription = store.dispatch(adminApi.endpoints.getAdminOverview.initiate());
    await until(() => answers.length === 1);

    emit(pendingEvent(1));
    // Counted before the sign-in committed: the answer is already behind the event.
    answers[0]?.resolve(overview(0));
    await until(() => answers.length === 2);
    answers[1]?.resolve(overview(1));
    await until(() => read()?.pendingUsers === 1);
    subscription.unsubscribe();
    store.dispatch(apiSlice.util.resetApiState());
  });

  it('applies the count of an event after the overview loaded, without asking again', async () => {
    const store = started();
    const read = () => adminApi.endpoints.getAdminOverview.select()(store.getState() as never).data;
    const subscription = store.dispatch(adminApi.endpoints.getAdminOverview.initiate());
    await until(() => answers.length === 1);
    answers[0]?.resolve(overview(0));
    await until(() => read()?.pendingUsers === 0);

    emit(pendingEvent(2));
    await until(() => read()?.pendingUsers === 2);
    // No event says "did not ask": a request would leave within the microtasks of the same
    // task, so one task later is as long as a second ask could take.
    await nextTask();
    expect(answers).toHaveLength(1);
    subscription.unsubscribe();
    store.dispatch(apiSlice.util.resetApiState());
  });
});
