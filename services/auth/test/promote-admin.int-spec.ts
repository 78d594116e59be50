import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { startProgram } from '@greetboard/testing';
import { DEFAULT_CLIENT } from '@greetboard/twitch-emulator';
import { startAuthHarness, type AuthHarness } from './harness.js';

/** `npm run promote-admin -- <login>`: the way in when no admin can sign in. */
describe('the promote-admin command', () => {
  let stack: AuthHarness;

  const promote = (login: string) =>
    startProgram(
      'services/auth/dist/cli/promote-admin.js',
      {
        LOG_LEVEL: 'warn',
        DATABASE_URL: stack.database.url,
        NATS_URL: '',
        TWITCH_CLIENT_ID: DEFAULT_CLIENT.clientId,
        TWITCH_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      },
      [login],
    );
  const flags = async (login: string) =>
    (
      await stack.db.query<{ is_admin: boolean; is_approved: boolean }>(
        `SELECT is_admin, is_approved FROM auth.users WHERE username = $1`,
        [login],
      )
    ).rows;

  beforeAll(async () => {
    stack = await startAuthHarness();
    await stack.signIn('locked_out_streamer');
  });

  afterAll(async () => {
    await stack.close();
  });

  it('makes a user who signed in once an approved admin', async () => {
    expect(await flags('locked_out_streamer')).toEqual([{ is_admin: false, is_approved: false }]);
    const program = promote('Locked_Out_Streamer');
    expect(await program.exited).toBe(0);
    expect(program.output()).toContain('locked_out_streamer is now an approved admin.');
    expect(await flags('locked_out_streamer')).toEqual([{ is_admin: true, is_approved: true }]);
  });

  it('refuses an unknown login and a malformed one, changing nothing', async () => {
    const unknown = promote('never_signed_in');
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('No user "never_signed_in"');
    const malformed = promote('not a login!');
    expect(await malformed.exited).toBe(64);
    expect(malformed.output()).toContain('Usage: npm run promote-admin -- <twitch login>');
    expect(await flags('never_signed_in')).toEqual([]);
  });
});
