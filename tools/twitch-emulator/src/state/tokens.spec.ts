import { describe, expect, it } from '@jest/globals';
import { TokenStore } from './tokens.js';

const CLIENT = {
  clientId: 'client',
  clientSecret: 'secret',
  redirectUris: ['http://localhost/cb'],
};

describe('TokenStore', () => {
  it('expires tokens after expires_in seconds', () => {
    let now = 1_000_000;
    const tokens = new TokenStore([CLIENT], 60, () => now);
    const token = tokens.issueUserToken('client', '1', ['chat:read']);
    expect(tokens.secondsLeft(token)).toBe(60);
    now += 59_999;
    expect(tokens.lookup(token.accessToken)).toBeDefined();
    now += 1;
    expect(tokens.lookup(token.accessToken)).toBeUndefined();
  });

  it('redeems a code once and rotates refresh tokens', () => {
    const tokens = new TokenStore([CLIENT], 60);
    const code = tokens.issueCode({
      clientId: 'client',
      redirectUri: 'http://localhost/cb',
      userId: '1',
      scopes: [],
    });
    expect(tokens.redeemCode(code)).toBeDefined();
    expect(tokens.redeemCode(code)).toBeUndefined();
    const token = tokens.issueUserToken('client', '1', []);
    const refreshed = tokens.refresh(token.refreshToken ?? '', 'client');
    expect(refreshed?.refreshToken).not.toBe(token.refreshToken);
    expect(tokens.refresh(token.refreshToken ?? '', 'client')).toBeUndefined();
    expect(tokens.refresh(refreshed?.refreshToken ?? '', 'other-client')).toBeUndefined();
  });

  it('revokes every refresh token of a user who disconnects the app', () => {
    const tokens = new TokenStore([CLIENT], 60);
    const first = tokens.issueUserToken('client', '1', []);
    const second = tokens.refresh(first.refreshToken ?? '', 'client');
    const otherUser = tokens.issueUserToken('client', '2', []);
    expect(tokens.invalidate({ userId: '1' }, 'revoke')).toBe(2);
    expect(tokens.lookup(second?.accessToken ?? '')).toBeUndefined();
    expect(tokens.refresh(second?.refreshToken ?? '', 'client')).toBeUndefined();
    expect(tokens.refresh(otherUser.refreshToken ?? '', 'client')).toBeDefined();
  });

  it("keeps users' grants across a restart, app tokens aside, telling each change", () => {
    const before = new TokenStore([CLIENT], 60);
    let changes = 0;
    before.onGrantsChanged = () => changes++;
    const user = before.issueUserToken('client', '1', ['user:write:chat']);
    const app = before.issueAppToken('client');
    const revoked = before.issueUserToken('client', '2', []);
    before.revoke(revoked.accessToken, 'client');
    expect(changes).toBe(3);
    const kept = JSON.parse(JSON.stringify(before.userGrants())) as ReturnType<
      TokenStore['userGrants']
    >;

    const after = new TokenStore([CLIENT], 60);
    after.restoreUserGrants(kept);
    expect(after.lookup(user.accessToken)).toMatchObject({ userId: '1' });
    expect(after.lookup(app.accessToken)).toBeUndefined();
    expect(after.lookup(revoked.accessToken)).toBeUndefined();
    expect(after.refresh(user.refreshToken ?? '', 'client')).toBeDefined();
    expect(after.refresh(revoked.refreshToken ?? '', 'client')).toBeUndefined();
  });
});
