import { afterEach, describe, expect, it } from '@jest/globals';
import type { UserDto } from '@greetboard/contracts/wire';
import { createStore } from '../../app/store';
import { fakeApi } from '../../../test/unit/test-utils';
import { existingUserOf, settingsListsApi } from './settings-lists-api';

const user: UserDto = {
  id: 'user-2',
  username: 'viewer',
  displayName: 'Viewer',
  profileImage: null,
  twitchId: '42',
  isApproved: false,
  isAdmin: false,
};

let restore = () => undefined as void;
afterEach(() => restore());

describe('importing a user', () => {
  it('answers the imported user (201)', async () => {
    ({ restore } = fakeApi({
      'POST /api/twitch/import-user': {
        status: 201,
        body: { message: 'User imported successfully', user },
      },
    }));
    const answer = await createStore()
      .dispatch(settingsListsApi.endpoints.importUser.initiate('viewer'))
      .unwrap();
    expect(answer.user).toEqual(user);
  });

  it('finds the existing user in a 409, and nothing in any other refusal', async () => {
    ({ restore } = fakeApi({
      'POST /api/twitch/import-user': {
        status: 409,
        body: { error: 'User already exists in database', code: 'USER_ALREADY_EXISTS', user },
      },
    }));
    const store = createStore();
    const refused = await store.dispatch(settingsListsApi.endpoints.importUser.initiate('viewer'));
    expect(existingUserOf(refused.error)).toEqual(user);
    restore();

    ({ restore } = fakeApi({
      'POST /api/twitch/import-user': {
        status: 403,
        body: { error: 'Account needs approval', code: 'ACCOUNT_NOT_APPROVED' },
      },
    }));
    const forbidden = await store.dispatch(settingsListsApi.endpoints.importUser.initiate('other'));
    expect(forbidden.error).toBeDefined();
    expect(existingUserOf(forbidden.error)).toBeUndefined();
  });
});

describe('the settings lists', () => {
  it('are the bare arrays the server answers', async () => {
    const ignored = [
      { id: 'i1', username: 'bot', reason: null, createdAt: '2025-01-01T00:00:00Z' },
    ];
    ({ restore } = fakeApi({ 'GET /api/ignored-users': { body: ignored } }));
    const { data } = await createStore().dispatch(
      settingsListsApi.endpoints.getIgnoredUsers.initiate(),
    );
    expect(data).toEqual(ignored);
  });
});
