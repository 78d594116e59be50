import { afterEach, describe, expect, it } from '@jest/globals';
import { createStore } from '../../app/store';
import { chatterFixture, fakeApi, sessionFixture } from '../../../test/unit/test-utils';
import { applySessionEvent, sessionsApi } from './sessions-api';

let restore = () => undefined as void;
afterEach(() => restore());

describe('the sessions calls take the answers as the gateway sends them', () => {
  it('lists the sessions the server answered, as its bare array', async () => {
    const sessions = [sessionFixture('b'), sessionFixture('a', { isActive: false })];
    ({ restore } = fakeApi({ 'GET /api/sessions': { body: sessions } }));
    const store = createStore();
    const { data } = await store.dispatch(sessionsApi.endpoints.getSessions.initiate());
    expect(data).toEqual(sessions);
  });

  it('answers the created session and the delete result as sent', async () => {
    const created = sessionFixture('new');
    ({ restore } = fakeApi({
      'POST /api/sessions': { status: 201, body: created },
      'DELETE /api/sessions/new': { body: { sessionName: created.name, deletedChatters: 3 } },
    }));
    const store = createStore();
    const session = await store
      .dispatch(sessionsApi.endpoints.createSession.initiate({ name: created.name, keywords: [] }))
      .unwrap();
    expect(session).toEqual(created);
    const deleted = await store
      .dispatch(sessionsApi.endpoints.deleteSession.initiate('new'))
      .unwrap();
    expect(deleted).toEqual({ sessionName: created.name, deletedChatters: 3 });
  });

  it('puts an updated session into the cached list', async () => {
    const before = sessionFixture('s1');
    const stopped = sessionFixture('s1', { isActive: false, endedAt: '2025-01-01T11:00:00Z' });
    ({ restore } = fakeApi({
      'GET /api/sessions': { body: [before] },
      'PUT /api/sessions/s1': { body: stopped },
    }));
    const store = createStore();
    await store.dispatch(sessionsApi.endpoints.getSessions.initiate());
    await store
      .dispatch(sessionsApi.endpoints.updateSession.initiate({ id: 's1', isActive: false }))
      .unwrap();
    expect(sessionsApi.endpoints.getSessions.select()(store.getState()).data).toEqual([stopped]);
  });
});

describe('live session events', () => {
  it('counts a new chatter and removes a deleted session', () => {
    const list = [sessionFixture('s1', { _count: { chatters: 2 } }), sessionFixture('s2')];
    applySessionEvent(list, {
      type: 'new_chatter',
      payload: chatterFixture('c', { sessionId: 's1' }),
    });
    expect(list[0]._count.chatters).toBe(3);
    applySessionEvent(list, { type: 'session_deleted', payload: { id: 's2', name: '' } });
    expect(list.map((s) => s.id)).toEqual(['s1']);
  });
});
