import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TwitchTokenVault, type SweepReport } from '@greetboard/auth';
import type { UserDto } from '@greetboard/contracts';
import { DEFAULT_CLIENT } from '@greetboard/twitch-emulator';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A token is due once its last validation is this old (TOKEN_VALIDATION_AGE_MS's default). */
const VALIDATION_AGE_MS = 50 * MINUTE_MS;
/** The emulator's access token lifetime (its default, 14 400 s). */
const TOKEN_LIFETIME_MS = 4 * HOUR_MS;
const NOTHING: SweepReport = { validated: 0, refreshed: 0, dropped: 0, failed: 0 };

interface TokenRow {
  access_token: string;
  refresh_token: string;
  expires_at: Date;
  validated_at: Date;
}

/** A signed-in streamer and the tokens Twitch (the emulator) issued at sign-in, in clear. */
interface Streamer {
  id: string;
  login: string;
  browser: Browser;
  accessToken: string;
  refreshToken: string;
}

describe('Twitch token validation rounds, against the Twitch emulator', () => {
  let stack: AuthStack;
  let vault: TwitchTokenVault;
  /** Every access token Twitch was asked to validate (or Helix to accept), in order. */
  const lookedUp: string[] = [];
  /** Access tokens whose lookup fails inside Twitch (it answers 500), as an outage would. */
  const failingLookups = new Set<string>();

  beforeAll(async () => {
    // Only the round at each replica's boot runs by itself; the tests run the others. (The
    // longest round interval auth accepts beside the default age: the two stay under an hour.)
    stack = await startAuthStack({
      adminLogins: ['revoked_grant'],
      tokenValidation: { roundMs: 9 * MINUTE_MS },
    });
    vault = stack.auth.get(TwitchTokenVault);
    const tokens = stack.emulator.state.tokens;
    const lookup = tokens.lookup.bind(tokens);
    tokens.lookup = (value) => {
      lookedUp.push(value);
      if (failingLookups.has(value)) throw new Error('Twitch is having a bad day');
      return lookup(value);
    };
  });

  afterAll(async () => {
    await stack.close();
  });

  async function signInStreamer(login: string): Promise<Streamer> {
    const before = stack.issuedTokens.length;
    const browser = await signedInBrowser(stack, login);
    const issued = issuedSince(before);
    expect(issued).toHaveLength(2);
    const [accessToken = '', refreshToken = ''] = issued;
    const me = (await browser.api(stack.url, 'GET', '/auth/me')).body as UserDto;
    return { id: me.id, login, browser, accessToken, refreshToken };
  }

  /**
   * Tokens the emulator issued since `index` of `stack.issuedTokens`, each once (the stack
   * records a refreshed pair twice: its refresh wrapper calls its issue wrapper).
   */
  function issuedSince(index: number): string[] {
    return [...new Set(stack.issuedTokens.slice(index))];
  }

  async function tokenRow(userId: string): Promise<TokenRow | undefined> {
    const result = await stack.db.query<TokenRow>(
      `SELECT access_token, refresh_token, expires_at, validated_at
         FROM auth.twitch_tokens WHERE user_id = $1`,
      [userId],
    );
    return result.rows[0];
  }

  /** Every stored token validated at `now` and far from expiry, so a sweep at `now` has nothing to do. */
  async function settleAll(now: number): Promise<void> {
    await stack.db.query(`UPDATE auth.twitch_tokens SET validated_at = $1, expires_at = $2`, [
      new Date(now),
      new Date(now + TOKEN_LIFETIME_MS),
    ]);
  }

  async function setTimes(
    userId: string,
    times: { validatedAt?: number; expiresAt?: number },
  ): Promise<void> {
    const result = await stack.db.query(
      `UPDATE auth.twitch_tokens
          SET validated_at = COALESCE($2, validated_at), expires_at = COALESCE($3, expires_at)
        WHERE user_id = $1`,
      [
        userId,
        times.validatedAt === undefined ? null : new Date(times.validatedAt),
        times.expiresAt === undefined ? null : new Date(times.expiresAt),
      ],
    );
    expect(result.rowCount).toBe(1);
  }

  /** Twitch's /oauth2/validate, asked directly. */
  async function validateAtTwitch(accessToken: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${stack.emulator.httpUrl}/oauth2/validate`, {
      headers: { Authorization: `OAuth ${accessToken}` },
    });
    return { status: response.status, body: await response.json() };
  }

  /** Twitch's refresh grant, asked directly; answers the status only. */
  async function refreshAtTwitch(refreshToken: string): Promise<number> {
    const response = await fetch(`${stack.emulator.httpUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEFAULT_CLIENT.clientId,
        client_secret: DEFAULT_CLIENT.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }),
    });
    await response.body?.cancel();
    return response.status;
  }

  it('validates a token last validated over 50 minutes ago and far from expiry, refreshing nothing', async () => {
    const streamer = await signInStreamer('stale_validation');
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { validatedAt: now - VALIDATION_AGE_MS - MINUTE_MS });
    const before = await tokenRow(streamer.id);
    expect(before?.validated_at).toEqual(new Date(now - VALIDATION_AGE_MS - MINUTE_MS));
    const issuedBefore = stack.issuedTokens.length;
    const lookupsBefore = lookedUp.length;

    expect(await vault.sweep(now)).toEqual({ ...NOTHING, validated: 1 });

    expect(lookedUp.slice(lookupsBefore)).toEqual([streamer.accessToken]);
    expect(await tokenRow(streamer.id)).toEqual({ ...before, validated_at: new Date(now) });
    expect(issuedSince(issuedBefore)).toEqual([]);
    expect((await validateAtTwitch(streamer.accessToken)).status).toBe(200);
  });

  it('refreshes a token expiring within two hours: a new access token Twitch accepts, the refresh token rotated', async () => {
    const streamer = await signInStreamer('expiring_soon');
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { expiresAt: now + 90 * MINUTE_MS });
    const before = await tokenRow(streamer.id);
    const issuedBefore = stack.issuedTokens.length;

    const started = Date.now();
    expect(await vault.sweep(now)).toEqual({ ...NOTHING, refreshed: 1 });
    const finished = Date.now();

    const issued = issuedSince(issuedBefore);
    expect(issued).toHaveLength(2);
    const [newAccess = '', newRefresh = ''] = issued;
    expect(newAccess).not.toBe(streamer.accessToken);
    expect(newRefresh).not.toBe(streamer.refreshToken);

    const after = await tokenRow(streamer.id);
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    for (const token of issued) {
      expect(after?.access_token).not.toContain(token);
      expect(after?.refresh_token).not.toContain(token);
    }
    expect(after?.expires_at.getTime()).toBeGreaterThanOrEqual(started + TOKEN_LIFETIME_MS);
    expect(after?.expires_at.getTime()).toBeLessThanOrEqual(finished + TOKEN_LIFETIME_MS);
    expect(after?.validated_at.getTime()).toBeGreaterThanOrEqual(now);

    // Twitch's view: the new access token is good for this user, the old refresh token is used up.
    expect(await validateAtTwitch(newAccess)).toEqual({
      status: 200,
      body: expect.objectContaining({
        login: 'expiring_soon',
        client_id: DEFAULT_CLIENT.clientId,
        expires_in: TOKEN_LIFETIME_MS / 1000,
      }),
    });
    expect(await refreshAtTwitch(streamer.refreshToken)).toBe(400);
    // The vault holds the new pair: it hands out the new access token, and its refresh token works.
    expect(await vault.takeForRevocation(streamer.id)).toEqual([newAccess]);
    const beforeAgain = stack.issuedTokens.length;
    const refreshedAgain = await vault.refreshedAccessTokenOf(streamer.id);
    expect(refreshedAgain).toBe(issuedSince(beforeAgain)[0]);
    expect(refreshedAgain).not.toBe(newAccess);
  });

  it('refreshes, rather than drops, a token Twitch no longer accepts while its refresh token still works', async () => {
    const streamer = await signInStreamer('expired_early');
    const expired = await fetch(`${stack.emulator.httpUrl}/control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'expire-token', token: streamer.accessToken }),
    });
    expect(await expired.json()).toEqual({ kind: 'expire-token', affected: 1 });
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { validatedAt: now - 2 * HOUR_MS });
    const issuedBefore = stack.issuedTokens.length;

    expect(await vault.sweep(now)).toEqual({ ...NOTHING, refreshed: 1 });

    const [newAccess = ''] = issuedSince(issuedBefore);
    expect((await validateAtTwitch(newAccess)).status).toBe(200);
    expect(await vault.takeForRevocation(streamer.id)).toEqual([newAccess]);
  });

  it('signs the browsers out, telling why, when Twitch revokes the grant; the account and overlay links stay', async () => {
    const streamer = await signInStreamer('revoked_grant');
    const other = await signInStreamer('revoked_grant');
    await streamer.browser.api(stack.url, 'PUT', '/api/settings', { theme: 'light' });
    const overlay = (
      await streamer.browser.api(stack.url, 'POST', '/api/overlay-links', { access: 'read' })
    ).body as { token: string };
    // The streamer disconnects Greetboard on Twitch: every token and refresh token goes.
    const revoked = await fetch(`${stack.emulator.httpUrl}/control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'revoke-token', login: 'revoked_grant' }),
    });
    expect(((await revoked.json()) as { affected: number }).affected).toBeGreaterThan(0);
    expect((await validateAtTwitch(other.accessToken)).status).toBe(401);
    expect(await refreshAtTwitch(other.refreshToken)).toBe(400);
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { validatedAt: now - VALIDATION_AGE_MS - MINUTE_MS });
    const issuedBefore = stack.issuedTokens.length;

    // One round.
    expect(await vault.sweep(now)).toEqual({ ...NOTHING, dropped: 1 });

    expect(await tokenRow(streamer.id)).toBeUndefined();
    expect(issuedSince(issuedBefore)).toEqual([]);
    expect(await vault.accessTokenOf(streamer.id)).toBeNull();
    // Both browsers learn why, once, even when they ask as a possible visitor …
    const revokedAnswer = {
      status: 401,
      body: {
        code: 'TWITCH_AUTHORIZATION_REVOKED',
        error:
          "You were signed out because Greetboard's access to your Twitch account was removed. Sign in again to continue.",
      },
    };
    expect(await streamer.browser.api(stack.url, 'GET', '/auth/me')).toEqual(revokedAnswer);
    // A page's other calls may come first: they are refused and leave the reason to tell.
    expect((await other.browser.api(stack.url, 'GET', '/api/settings')).status).toBe(401);
    expect(await other.browser.api(stack.url, 'GET', '/auth/me?optional=true')).toEqual(
      revokedAnswer,
    );
    // … and are plain visitors after that: the cookie went with the answer.
    expect(streamer.browser.cookies.has('greetboard_session')).toBe(false);
    expect(await streamer.browser.api(stack.url, 'GET', '/auth/me?optional=true')).toEqual({
      status: 200,
      body: { user: null },
    });
    // The overlay link reads Greetboard's data, not Twitch's: it keeps working (ADR 0044).
    const throughOverlay = await fetch(`${stack.url}/auth/me`, {
      headers: { Authorization: `Bearer ${overlay.token}` },
    });
    expect(throughOverlay.status).toBe(200);
    expect(await throughOverlay.json()).toMatchObject({ id: streamer.id, overlayAccess: 'read' });
    // Signing in again grants a new token and keeps the account and its settings.
    const back = await signInStreamer('revoked_grant');
    expect(back.id).toBe(streamer.id);
    expect(await back.browser.api(stack.url, 'GET', '/api/settings')).toEqual({
      status: 200,
      body: expect.objectContaining({ theme: 'light' }),
    });
    expect((await validateAtTwitch(back.accessToken)).status).toBe(200);
    expect(await tokenRow(streamer.id)).toBeDefined();
  });

  it('ends the sessions of no one whose token Twitch still accepts', async () => {
    const streamer = await signInStreamer('still_granted');
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { validatedAt: now - 2 * HOUR_MS });
    expect(await vault.sweep(now)).toEqual({ ...NOTHING, validated: 1 });
    expect(await streamer.browser.api(stack.url, 'GET', '/auth/me')).toEqual({
      status: 200,
      body: expect.objectContaining({ id: streamer.id }),
    });
  });

  it('validates at once when auth starts, not a round interval later', async () => {
    const streamer = await signInStreamer('restart_survivor');
    const now = Date.now();
    await settleAll(now);
    // Last validated 55 minutes ago, when the auth replicas went down.
    await setTimes(streamer.id, { validatedAt: now - 55 * MINUTE_MS });
    const lookupsBefore = lookedUp.length;

    const restarted = (await stack.startAuthReplica()).get(TwitchTokenVault);
    await restarted.bootRoundSettled();

    expect(lookedUp.slice(lookupsBefore)).toEqual([streamer.accessToken]);
    const row = await tokenRow(streamer.id);
    expect(row?.validated_at.getTime()).toBeGreaterThanOrEqual(now);
  });

  it('leaves a token validated within 50 minutes and far from expiry untouched', async () => {
    const fresh = await signInStreamer('just_validated');
    const recent = await signInStreamer('validated_recently');
    const stale = await signInStreamer('due_alongside');
    const now = Date.now();
    await settleAll(now);
    await stack.db.query(
      `UPDATE auth.twitch_tokens SET validated_at = v.validated_at, expires_at = v.expires_at
         FROM (VALUES ($1::uuid, $2::timestamptz, $3::timestamptz),
                      ($4::uuid, $5::timestamptz, $6::timestamptz)) AS v(user_id, validated_at, expires_at)
        WHERE auth.twitch_tokens.user_id = v.user_id`,
      [
        fresh.id,
        new Date(now - 1_000),
        new Date(now + TOKEN_LIFETIME_MS - 1_000),
        recent.id,
        new Date(now - VALIDATION_AGE_MS),
        new Date(now + 3 * HOUR_MS),
      ],
    );
    await setTimes(stale.id, { validatedAt: now - VALIDATION_AGE_MS - 1_000 });
    const freshBefore = await tokenRow(fresh.id);
    const recentBefore = await tokenRow(recent.id);
    expect(freshBefore?.validated_at).toEqual(new Date(now - 1_000));
    expect(recentBefore?.validated_at).toEqual(new Date(now - VALIDATION_AGE_MS));
    const issuedBefore = stack.issuedTokens.length;
    const lookupsBefore = lookedUp.length;

    // The round does run (it validates the stale one) and passes the other two by.
    expect(await vault.sweep(now)).toEqual({ ...NOTHING, validated: 1 });

    expect(lookedUp.slice(lookupsBefore)).toEqual([stale.accessToken]);
    expect(await tokenRow(fresh.id)).toEqual(freshBefore);
    expect(await tokenRow(recent.id)).toEqual(recentBefore);
    expect(issuedSince(issuedBefore)).toEqual([]);
    expect((await validateAtTwitch(fresh.accessToken)).status).toBe(200);
    expect((await validateAtTwitch(recent.accessToken)).status).toBe(200);
  });

  it('never validates one token twice when two auth replicas run a round at once', async () => {
    // More than one claim batch, so the replicas claim while the other validates.
    const streamers: Streamer[] = [];
    for (let index = 0; index < 45; index++) {
      streamers.push(await signInStreamer(`shared_round_${index}`));
    }
    const other = (await stack.startAuthReplica()).get(TwitchTokenVault);
    await other.bootRoundSettled();
    const now = Date.now();
    await settleAll(now);
    for (const streamer of streamers) {
      await setTimes(streamer.id, { validatedAt: now - VALIDATION_AGE_MS - MINUTE_MS });
    }
    const lookupsBefore = lookedUp.length;

    const reports = await Promise.all([vault.sweep(now), other.sweep(now)]);

    // Every due token validated exactly once, between them.
    expect(reports[0].validated + reports[1].validated).toBe(streamers.length);
    expect(reports.map((report) => ({ ...report, validated: 0 }))).toEqual([NOTHING, NOTHING]);
    const looked = lookedUp.slice(lookupsBefore);
    expect(looked).toHaveLength(streamers.length);
    expect(new Set(looked)).toEqual(new Set(streamers.map((streamer) => streamer.accessToken)));
    for (const streamer of streamers) {
      expect((await tokenRow(streamer.id))?.validated_at).toEqual(new Date(now));
    }

    // The claims went with the round: the round after the next validation age validates again.
    const later = now + VALIDATION_AGE_MS + MINUTE_MS;
    const [first] = streamers;
    await settleAll(later);
    await setTimes(first.id, { validatedAt: now });
    expect(await vault.sweep(later)).toEqual({ ...NOTHING, validated: 1 });
    expect((await tokenRow(first.id))?.validated_at).toEqual(new Date(later));
  }, 60_000);

  it('goes on past a token Twitch cannot answer for, counting it as failed for the next round', async () => {
    const unlucky = await signInStreamer('outage_victim');
    const lucky = await signInStreamer('outage_survivor');
    const now = Date.now();
    await settleAll(now);
    const stale = now - VALIDATION_AGE_MS - MINUTE_MS;
    await setTimes(unlucky.id, { validatedAt: stale });
    await setTimes(lucky.id, { validatedAt: stale });
    const unluckyBefore = await tokenRow(unlucky.id);
    failingLookups.add(unlucky.accessToken);
    try {
      expect(await vault.sweep(now)).toEqual({ ...NOTHING, validated: 1, failed: 1 });
    } finally {
      failingLookups.clear();
    }
    // Nothing was decided about the token Twitch could not answer for: it stays as it was.
    expect(await tokenRow(unlucky.id)).toEqual(unluckyBefore);
    expect((await tokenRow(lucky.id))?.validated_at).toEqual(new Date(now));
    // Twitch is back: the next round validates it.
    expect(await vault.sweep(now)).toEqual({ ...NOTHING, validated: 1 });
    expect((await tokenRow(unlucky.id))?.validated_at).toEqual(new Date(now));
  });

  it('keeps the grant when two replicas refresh the same token at once', async () => {
    const streamer = await signInStreamer('raced_refresh');
    const other = (await stack.startAuthReplica()).get(TwitchTokenVault);
    await other.bootRoundSettled();
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { expiresAt: now + MINUTE_MS });
    const issuedBefore = stack.issuedTokens.length;

    // A round on this replica and an announcement's token on the other, at the same moment.
    const [report, token] = await Promise.all([vault.sweep(now), other.accessTokenOf(streamer.id)]);

    expect(report).toEqual({ ...NOTHING, refreshed: 1 });
    // One refresh at Twitch: the second replica waited and took the first one's tokens.
    const issued = issuedSince(issuedBefore);
    expect(issued).toHaveLength(2);
    expect(token).toBe(issued[0]);
    expect(await vault.accessTokenOf(streamer.id)).toBe(issued[0]);
    expect((await validateAtTwitch(token!)).status).toBe(200);
    expect(await refreshAtTwitch(streamer.refreshToken)).toBe(400);
  });

  it('shares one refresh between concurrent callers of one replica', async () => {
    const streamer = await signInStreamer('eager_callers');
    const now = Date.now();
    await settleAll(now);
    await setTimes(streamer.id, { expiresAt: now + MINUTE_MS });
    const issuedBefore = stack.issuedTokens.length;

    const tokens = await Promise.all([
      vault.accessTokenOf(streamer.id),
      vault.refreshedAccessTokenOf(streamer.id),
      vault.accessTokenOf(streamer.id),
    ]);

    const issued = issuedSince(issuedBefore);
    expect(issued).toHaveLength(2);
    expect(tokens).toEqual([issued[0], issued[0], issued[0]]);
    expect(await tokenRow(streamer.id)).toBeDefined();
  });
});
