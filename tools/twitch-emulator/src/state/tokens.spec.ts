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
});
