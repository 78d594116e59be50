import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CLIENT, optionsFromEnv, resolveOptions } from './options.js';

describe('optionsFromEnv', () => {
  it('uses Twitch-like defaults when nothing is set', () => {
    expect(resolveOptions(optionsFromEnv({}))).toMatchObject({
      host: '127.0.0.1',
      httpPort: 3100,
      ircPort: 6667,
      seed: 1,
      clients: [DEFAULT_CLIENT],
    });
  });

  it('reads every variable', () => {
    const options = optionsFromEnv({
      EMULATOR_HOST: '0.0.0.0',
      EMULATOR_HTTP_PORT: '0',
      EMULATOR_IRC_PORT: '6697',
      EMULATOR_SEED: '9',
      EMULATOR_CLIENT_ID: 'abc',
      EMULATOR_CLIENT_SECRET: 'def',
      EMULATOR_REDIRECT_URIS: 'http://localhost:1/a, http://localhost:2/b',
    });
    expect(options).toEqual({
      host: '0.0.0.0',
      httpPort: 0,
      ircPort: 6697,
      seed: 9,
      clients: [
        {
          clientId: 'abc',
          clientSecret: 'def',
          redirectUris: ['http://localhost:1/a', 'http://localhost:2/b'],
        },
      ],
    });
  });

  it.each([
    ['EMULATOR_HTTP_PORT', 'abc'],
    ['EMULATOR_IRC_PORT', '70000'],
    ['EMULATOR_SEED', '-1'],
    ['EMULATOR_CLIENT_ID', 'Has Spaces'],
    ['EMULATOR_REDIRECT_URIS', 'not a url'],
    ['EMULATOR_HOST', 'bad host!'],
  ])('names %s when it is invalid', (name, value) => {
    expect(() => optionsFromEnv({ [name]: value })).toThrow(name);
  });
});
