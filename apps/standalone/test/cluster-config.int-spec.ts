import { describe, expect, it } from '@jest/globals';
import { startProgram, TEST_INFRASTRUCTURE } from '@greetboard/testing';

/**
 * A service started on its own has nobody to talk to over the in-process bus: without
 * NATS_URL it must refuse to start, naming itself and the variable, instead of running deaf.
 */
describe('a cluster process without NATS_URL', () => {
  it.each([
    ['gateway', 'services/gateway/dist/main.js'],
    ['auth', 'services/auth/dist/main.js'],
    ['sessions', 'services/sessions/dist/main.js'],
    ['chat-ingest', 'services/chat-ingest/dist/main.js'],
    ['stats', 'services/stats/dist/main.js'],
  ])('%s refuses to start and says why', async (service, script) => {
    const program = startProgram(script, {
      NATS_URL: '',
      DATABASE_URL: `${TEST_INFRASTRUCTURE.postgres.replace(/\/[^/]*$/, '')}/greetboard_unused`,
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      TWITCH_CLIENT_ID: 'client',
      TWITCH_CLIENT_SECRET: 'secret',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PORT: '0',
    });
    expect(await program.exited).toBe(78);
    expect(program.output()).toContain(`Invalid configuration for ${service}`);
    expect(program.output()).toContain('NATS_URL: required');
  });
});
