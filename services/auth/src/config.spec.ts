import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@greetboard/config';
import { AuthConfigError, authEnv, resolveAuthConfig } from './config.js';

describe('auth configuration', () => {
  it('requires the Twitch client and the token key outside demo mode', () => {
    const env = loadConfig('auth', authEnv, {});
    expect(() => resolveAuthConfig(env)).toThrow(AuthConfigError);
    expect(() => resolveAuthConfig(env)).toThrow(
      /TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY/,
    );
  });

  it('builds the redirect URI from PUBLIC_URL and reads the admin list and lifetimes', () => {
    const env = loadConfig('auth', authEnv, {
      TWITCH_CLIENT_ID: 'client',
      TWITCH_CLIENT_SECRET: 'secret',
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: 'https://greetboard.example.com/',
      ADMIN_TWITCH_LOGINS: ' Alice, bob ,,',
    });
    const config = resolveAuthConfig(env);
    expect(config.twitch.redirectUri).toBe('https://greetboard.example.com/auth/twitch/callback');
    expect(config.twitch.idUrl).toBe('https://id.twitch.tv');
    expect([...config.adminLogins]).toEqual(['alice', 'bob']);
    expect(config.sessionIdleTtlSeconds).toBe(7 * 24 * 3600);
    expect(config.sessionAbsoluteTtlSeconds).toBe(30 * 24 * 3600);
  });

  it('validates tokens every minute at 50 minutes of age, and refuses a gap of an hour', () => {
    const base = {
      TWITCH_CLIENT_ID: 'client',
      TWITCH_CLIENT_SECRET: 'secret',
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    expect(resolveAuthConfig(loadConfig('auth', authEnv, base)).tokenValidation).toEqual({
      roundMs: 60_000,
      maxAgeMs: 50 * 60_000,
    });
    const tooLate = loadConfig('auth', authEnv, {
      ...base,
      TOKEN_VALIDATION_ROUND_MS: '600000',
      TOKEN_VALIDATION_AGE_MS: '3000000',
    });
    expect(() => resolveAuthConfig(tooLate)).toThrow(/must stay under an hour/);
  });

  it('names a token key that is not 32 bytes', () => {
    expect(() => loadConfig('auth', authEnv, { TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /TOKEN_ENCRYPTION_KEY: must be the base64 encoding of 32 random bytes/,
    );
  });
});
