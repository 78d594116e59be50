/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { UserDto } from '@greetboard/contracts/wire';
import { createStore } from '../../app/store';
import { fakeApi } from '../../../test/unit/test-utils';
import { authApi } from './auth-api';
import { forgetSignedOut, signedOutReason } from './signed-out-reason';

const user: UserDto = {
  id: 'user-1',
  username: 'streamer',
  displayName: 'Streamer',
  profileImage: null,
  twitchId: '7',
  isApproved: true,
  isAdmin: false,
};

let restore = () => undefined as void;
afterEach(() => restore());

const me = async () => (await createStore().dispatch(authApi.endpoints.getMe.initiate())).data;

describe('GET /auth/me', () => {
  it('is the user when signed in', async () => {
    ({ restore } = fakeApi({ 'GET /auth/me': { body: user } }));
    expect(await me()).toEqual(user);
  });

  it('is null for a visitor ({ user: null }) and when the check fails', async () => {
    ({ restore } = fakeApi({ 'GET /auth/me': { body: { user: null } } }));
    expect(await me()).toBeNull();
    restore();
    ({ restore } = fakeApi({
      'GET /auth/me': { status: 500, body: { error: 'Oops', code: 'INTERNAL' } },
    }));
    expect(await me()).toBeNull();
  });

  it('remembers that Twitch revoked the access until the user is signed in again', async () => {
    forgetSignedOut();
    ({ restore } = fakeApi({
      'GET /auth/me': {
        status: 401,
        body: { error: 'Signed out', code: 'TWITCH_AUTHORIZATION_REVOKED' },
      },
    }));
    expect(await me()).toBeNull();
    expect(signedOutReason()).toBe('twitch-revoked');
    restore();
    ({ restore } = fakeApi({ 'GET /auth/me': { body: { user: null } } }));
    expect(await me()).toBeNull();
    expect(signedOutReason()).toBe('twitch-revoked');
    restore();
    ({ restore } = fakeApi({ 'GET /auth/me': { body: user } }));
    expect(await me()).toEqual(user);
    expect(signedOutReason()).toBeNull();
  });
});
