import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TwitchEmulator } from '../src/index.js';
import { CLIENT, REDIRECT_URI, request, startTestEmulator } from './helpers.js';

let emulator: TwitchEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

function authorizeQuery(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'chat:read user:read:email',
    state: 'c3ab8aa609ea11e793ae92361f002671',
    ...overrides,
  }).toString();
}

async function post(path: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${emulator.httpUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

/** Submits the consent form as a browser would and returns the redirect target. */
async function consent(
  decision: 'authorize' | 'cancel',
  fields: Record<string, string> = {},
): Promise<URL> {
  const response = await post('/oauth2/authorize', {
    ...Object.fromEntries(new URLSearchParams(authorizeQuery())),
    login: 'emulator_streamer',
    decision,
    ...fields,
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function exchange(code: string, redirectUri = REDIRECT_URI): Promise<Response> {
  return post('/oauth2/token', {
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    code,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
  });
}

describe('OAuth authorization code flow over plain HTTP', () => {
  it('shows a consent page listing the emulator users', async () => {
    const response = await fetch(`${emulator.httpUrl}/oauth2/authorize?${authorizeQuery()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('value="emulator_streamer"');
    expect(html).toContain('<code>user:read:email</code>');
    expect(html).toMatch(/<button[^>]*value="authorize"/);
  });

  it('issues a one-time code, exchanges it, validates, refreshes with rotation and revokes', async () => {
    const redirect = await consent('authorize');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('c3ab8aa609ea11e793ae92361f002671');
    expect(redirect.searchParams.get('scope')).toBe('chat:read user:read:email');
    const code = redirect.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[a-z0-9]{30}$/);

    const tokenResponse = await exchange(code);
    expect(tokenResponse.status).toBe(200);
    const token = (await tokenResponse.json()) as Record<string, unknown>;
    expect(Object.keys(token)).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(token).toMatchObject({
      expires_in: 14400,
      scope: ['chat:read', 'user:read:email'],
      token_type: 'bearer',
    });

    const replay = await exchange(code);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ status: 400, message: 'Invalid authorization code' });

    const streamer = emulator.state.users.byLogin('emulator_streamer');
    for (const scheme of ['OAuth', 'Bearer']) {
      const validated = await request(emulator, 'GET', '/oauth2/validate', undefined, {
        Authorization: `${scheme} ${String(token.access_token)}`,
      });
      expect(validated.status).toBe(200);
      expect(validated.body).toEqual({
        client_id: CLIENT.clientId,
        login: 'emulator_streamer',
        scopes: ['chat:read', 'user:read:email'],
        user_id: streamer?.id,
        expires_in: expect.any(Number),
      });
      expect((validated.body as { expires_in: number }).expires_in).toBeGreaterThan(14_390);
    }

    const refresh = (body: string): Promise<Response> =>
      post('/oauth2/token', {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: body,
      });
    const refreshed = await refresh(String(token.refresh_token));
    expect(refreshed.status).toBe(200);
    const rotated = (await refreshed.json()) as Record<string, unknown>;
    expect(rotated.refresh_token).not.toBe(token.refresh_token);
    expect(rotated.access_token).not.toBe(token.access_token);
    const reused = await refresh(String(token.refresh_token));
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ status: 400, message: 'Invalid refresh token' });

    const revoked = await post('/oauth2/revoke', {
      client_id: CLIENT.clientId,
      token: String(rotated.access_token),
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toBe('');
    const again = await post('/oauth2/revoke', {
      client_id: CLIENT.clientId,
      token: String(rotated.access_token),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ status: 400, message: 'Invalid token' });
    const afterRevoke = await request(emulator, 'GET', '/oauth2/validate', undefined, {
      Authorization: `OAuth ${String(rotated.access_token)}`,
    });
    expect(afterRevoke).toMatchObject({
      status: 401,
      body: { status: 401, message: 'invalid access token' },
    });
  });

  it('rejects an unknown client and a redirect_uri that is not an exact match', async () => {
    const badClient = await request(
      emulator,
      'GET',
      `/oauth2/authorize?${authorizeQuery({ client_id: 'nope' })}`,
    );
    expect(badClient).toMatchObject({
      status: 400,
      body: { status: 400, message: 'invalid client' },
    });
    const badRedirect = await request(
      emulator,
      'GET',
      `/oauth2/authorize?${authorizeQuery({ redirect_uri: `${REDIRECT_URI}/extra` })}`,
    );
    expect(badRedirect).toMatchObject({
      status: 400,
      body: { status: 400, message: 'Parameter redirect_uri does not match registered URI' },
    });
    const code = (await consent('authorize')).searchParams.get('code') ?? '';
    const mismatched = await exchange(code, 'http://localhost:3000/elsewhere');
    expect(mismatched.status).toBe(400);
  });

  it('redirects with access_denied and the untouched state when the user declines', async () => {
    const response = await post('/oauth2/authorize', {
      ...Object.fromEntries(new URLSearchParams(authorizeQuery({ state: 'a b&c=d' }))),
      decision: 'cancel',
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).toBe(
      `${REDIRECT_URI}?error=access_denied&error_description=The+user+denied+you+access&state=a+b%26c%3Dd`,
    );
  });

  it('creates a new user from the consent form', async () => {
    const redirect = await consent('authorize', { new_login: 'fresh_viewer' });
    expect(redirect.searchParams.get('code')).toBeTruthy();
    expect(emulator.state.users.byLogin('fresh_viewer')).toBeDefined();
  });

  it('issues app tokens by client credentials, validated without a user', async () => {
    const response = await post('/oauth2/token', {
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      grant_type: 'client_credentials',
    });
    const token = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(token)).toEqual(['access_token', 'expires_in', 'token_type']);
    const validated = await request(emulator, 'GET', '/oauth2/validate', undefined, {
      Authorization: `OAuth ${String(token.access_token)}`,
    });
    expect(validated.body).toEqual({
      client_id: CLIENT.clientId,
      scopes: [],
      expires_in: expect.any(Number),
    });
    const wrongSecret = await post('/oauth2/token', {
      client_id: CLIENT.clientId,
      client_secret: 'wrong',
      grant_type: 'client_credentials',
    });
    expect(wrongSecret.status).toBe(403);
  });

  it('fails validation for an expired token', async () => {
    const code = (await consent('authorize')).searchParams.get('code') ?? '';
    const token = (await (await exchange(code)).json()) as { access_token: string };
    const fault = await request(emulator, 'POST', '/control/faults', {
      kind: 'expire-token',
      token: token.access_token,
    });
    expect(fault.body).toMatchObject({ affected: 1 });
    const validated = await request(emulator, 'GET', '/oauth2/validate', undefined, {
      Authorization: `OAuth ${token.access_token}`,
    });
    expect(validated.status).toBe(401);
  });

  it('redirects at once while auto-approve is on', async () => {
    await request(emulator, 'POST', '/control/oauth/auto-approve', { login: 'emulator_streamer' });
    const approved = await request(emulator, 'GET', `/oauth2/authorize?${authorizeQuery()}`);
    expect(approved.status).toBe(302);
    expect(new URL(approved.headers.get('location') ?? '').searchParams.get('code')).toMatch(
      /^[a-z0-9]{30}$/,
    );
    await request(emulator, 'DELETE', '/control/oauth/auto-approve');
    const prompted = await request(emulator, 'GET', `/oauth2/authorize?${authorizeQuery()}`);
    expect(prompted.status).toBe(200);
  });
});
