import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { Browser, signedInBrowser, startSignIn } from './sign-in-client.js';

describe('protections: same-origin check, rate limits, security headers', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack({ rateLimits: { signIn: 3, api: 1_000 } });
  });

  afterAll(async () => {
    await stack.close();
  });

  it('refuses a state-changing request from another site and changes nothing', async () => {
    const browser = await signedInBrowser(stack, 'csrf_victim');
    for (const headers of [
      { Origin: 'https://evil.example' },
      { Referer: 'https://evil.example/x' },
    ]) {
      const response = await browser.fetch(`${stack.url}/api/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ theme: 'light' }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'Cross-site request refused.',
        code: 'CSRF_REJECTED',
      });
    }
    const logout = await browser.fetch(`${stack.url}/auth/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(logout.status).toBe(403);
    const settings = await browser.api(stack.url, 'GET', '/api/settings');
    expect(settings.body).toMatchObject({ theme: 'dark' });
    expect((await browser.api(stack.url, 'PUT', '/api/settings', { theme: 'light' })).status).toBe(
      200,
    );
  });

  it('limits sign-in attempts per client and says when to retry', async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await browser.fetch(`${stack.url}/auth/twitch`)).status);
    }
    expect(statuses.filter((status) => status === 302).length).toBeLessThanOrEqual(3);
    const limited = await browser.fetch(`${stack.url}/auth/twitch`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    // The API has its own, larger budget.
    expect((await browser.api(stack.url, 'GET', '/api/app-info')).status).toBe(200);
    await expect(startSignIn(stack, browser)).rejects.toThrow('429');
  });

  it('sends security headers on every answer', async () => {
    for (const path of ['/api/app-info', '/auth/me', '/healthz']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('content-security-policy')).toContain('img-src');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('Twitch tokens never appear in clear text', () => {
  let stack: AuthStack;
  const written: string[] = [];
  const originals = { out: process.stdout.write, err: process.stderr.write };

  beforeAll(async () => {
    // Record every log line of the services and gateway, at the most verbose level.
    const record =
      (stream: NodeJS.WriteStream, original: typeof process.stdout.write) =>
      (chunk: unknown, ...rest: unknown[]): boolean => {
        written.push(String(chunk));
        return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
      };
    process.stdout.write = record(process.stdout, originals.out);
    process.stderr.write = record(process.stderr, originals.err);
    stack = await startAuthStack({ adminLogins: ['leak_admin'], logLevel: 'verbose' });
  });

  afterAll(async () => {
    process.stdout.write = originals.out;
    process.stderr.write = originals.err;
    await stack.close();
  });

  it('in no response, log line or database row', async () => {
    const admin = await signedInBrowser(stack, 'leak_admin');
    const user = await signedInBrowser(stack, 'leak_user');
    const me = (await user.api(stack.url, 'GET', '/auth/me')).body as { id: string };
    for (const browser of [admin, user]) {
      await browser.api(stack.url, 'GET', '/auth/me');
      await browser.api(stack.url, 'GET', '/api/settings');
      await browser.api(stack.url, 'GET', '/api/twitch/search-user?username=leak_user');
    }
    await admin.api(stack.url, 'GET', '/api/admin/users');
    await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/approve`);
    // A failed sign-in (replayed state) logs too.
    await user.fetch(`${stack.url}/auth/twitch/callback?code=x&state=${'A'.repeat(43)}`);

    const tokens = stack.issuedTokens.filter(Boolean);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const dump = await stack.db.query<{ row: string }>(`
      SELECT row_to_json(u)::text AS row FROM auth.users u
      UNION ALL SELECT row_to_json(s)::text FROM auth.user_settings s
      UNION ALL SELECT row_to_json(t)::text FROM auth.twitch_tokens t`);
    const haystacks = {
      responses: [...admin.seen, ...user.seen, ...admin.setCookies, ...user.setCookies].join('\n'),
      logs: written.join(''),
      database: dump.rows.map((row) => row.row).join('\n'),
    };
    expect(haystacks.logs).toContain('signed in');
    expect(haystacks.database).toContain('v1:');
    for (const [where, text] of Object.entries(haystacks)) {
      for (const token of tokens) {
        if (text.includes(token)) throw new Error(`a Twitch token appears in the ${where}`);
      }
    }
  });
});
