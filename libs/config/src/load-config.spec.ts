import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { baseEnv, databaseEnv, httpEnv, keyPrefixOf, natsEnv } from './env.js';
import { ConfigError, loadConfig } from './load-config.js';

const schema = z.object({ ...httpEnv.shape, ...natsEnv.shape, ...databaseEnv.shape });

describe('loadConfig', () => {
  it('applies defaults and treats empty strings as unset', () => {
    const config = loadConfig('gateway', schema, { DATABASE_URL: '', PORT: '4000' });
    expect(config).toMatchObject({
      PORT: 4000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      NATS_REQUEST_TIMEOUT_MS: 5000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('bounds every stream in age and size, refusing limits JetStream could not keep', () => {
    expect(
      loadConfig('sessions', natsEnv, { STREAM_DOMAIN_EVENTS_MAX_BYTES: '1073741824' }),
    ).toMatchObject({
      STREAM_CHAT_LINES_MAX_AGE_MS: 86_400_000,
      STREAM_CHAT_LINES_MAX_BYTES: 3 * 1024 ** 3,
      STREAM_DOMAIN_EVENTS_MAX_AGE_MS: 172_800_000,
      STREAM_DOMAIN_EVENTS_MAX_BYTES: 1024 ** 3,
      STREAM_DEAD_LETTERS_MAX_BYTES: 256 * 1024 ** 2,
    });
    expect(() =>
      loadConfig('sessions', natsEnv, { STREAM_CHAT_LINES_MAX_AGE_MS: '60000' }),
    ).toThrow(/STREAM_CHAT_LINES_MAX_AGE_MS: must be at least 600000/);
    expect(() =>
      loadConfig('sessions', natsEnv, { STREAM_DEAD_LETTERS_MAX_BYTES: '1.5e9x' }),
    ).toThrow(/STREAM_DEAD_LETTERS_MAX_BYTES/);
  });

  it('reads the log level and format, refusing a format it does not know', () => {
    expect(loadConfig('auth', baseEnv, {})).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'log',
      LOG_FORMAT: 'text',
      INSTALLATION_PREFIX: 'greetboard',
    });
    expect(loadConfig('auth', baseEnv, { LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig('auth', baseEnv, { LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });

  it('takes one installation prefix, refusing one that cannot name a subject or a key', () => {
    expect(loadConfig('auth', baseEnv, { INSTALLATION_PREFIX: 'gb-2' }).INSTALLATION_PREFIX).toBe(
      'gb-2',
    );
    expect(keyPrefixOf({ INSTALLATION_PREFIX: 'gb-2' })).toBe('gb-2:');
    expect(keyPrefixOf({ INSTALLATION_PREFIX: 'gb-2' }, 'auth')).toBe('gb-2:auth:');
    for (const bad of ['a.b', 'a b', 'A>', 'x*']) {
      expect(() => loadConfig('auth', baseEnv, { INSTALLATION_PREFIX: bad })).toThrow(
        /INSTALLATION_PREFIX/,
      );
    }
  });

  it('names every bad variable', () => {
    const attempt = () =>
      loadConfig('sessions', schema, {
        DATABASE_URL: 'mysql://localhost/db',
        PORT: 'eighty',
        NATS_URL: 'not a url',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.map((p) => p.variable).sort();
      expect(problems).toEqual(['DATABASE_URL', 'NATS_URL', 'PORT']);
      expect((error as ConfigError).message).toContain('Invalid configuration for sessions');
      expect((error as ConfigError).message).toContain(
        'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
      );
    }
  });

  it('accepts valid service URLs', () => {
    const config = loadConfig('sessions', schema, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/greetboard',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/greetboard');
  });
});
