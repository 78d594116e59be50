/**
 * The real services integration tests use. The integration tier's global setup
 * (`libs/testing/jest-global-setup.mjs`) checks that they answer and fills in these
 * variables with the defaults below when unset.
 */
export const TEST_INFRASTRUCTURE = {
  postgres: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  nats: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
} as const;
