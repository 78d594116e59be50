import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LoginSessionDto } from '@greetboard/contracts';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { Browser, signIn } from './sign-in-client.js';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A browser that sends its own User-Agent on every request, as a real one does. */
class UserAgentBrowser extends Browser {
  constructor(private readonly userAgent: string) {
    super();
  }

  override fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('User-Agent', this.userAgent);
    return super.fetch(url, { ...init, headers });
  }
}

/**
 * A user's browser login sessions (ADR 0046): at most LOGIN_SESSIONS_PER_USER at once (the
 * oldest ends when a new one starts), listed with where and when each was used, and each one
 * can be ended from any other.
 */
describe('login sessions per user', () => {
  let stack: AuthStack;
  const me = (browser: Browser) => browser.api(stack.url, 'GET', '/auth/me');
  const listOf = async (browser: Browser) => {
    const answer = await browser.api(stack.url, 'GET', '/api/login-sessions');
    expect(answer.status).toBe(200);
    return answer.body as LoginSessionDto[];
  };

  beforeAll(async () => {
    stack = await startAuthStack({ loginSessionsPerUser: 3 });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('keeps the newest three: a fourth sign-in ends the oldest', async () => {
    const browsers = [
      new UserAgentBrowser(CHROME_ON_WINDOWS),
      new UserAgentBrowser(FIREFOX_ON_LINUX),
      new UserAgentBrowser(CHROME_ON_WINDOWS),
      new UserAgentBrowser(FIREFOX_ON_LINUX),
    ];
    for (const browser of browsers) {
      await signIn(stack, browser, 'capped_streamer');
      expect((await me(browser)).status).toBe(200);
    }
    expect((await me(browsers[0])).status).toBe(401);
    for (const browser of browsers.slice(1)) expect((await me(browser)).status).toBe(200);

    const list = await listOf(browsers[3]);
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        browser: 'Firefox',
        os: 'Linux',
        ipAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: true,
      },
      expect.objectContaining({ browser: 'Chrome', os: 'Windows', current: false }),
      expect.objectContaining({ browser: 'Firefox', os: 'Linux', current: false }),
    ]);
    // The secret session id is never shown, nor its hash.
    const secrets = browsers.slice(1).map((browser) => browser.cookies.get('greetboard_session'));
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(list)).not.toContain(secret);
    }
  });

  it('ends another browser, and this one by signing it out', async () => {
    const first = new UserAgentBrowser(CHROME_ON_WINDOWS);
    const second = new UserAgentBrowser(FIREFOX_ON_LINUX);
    await signIn(stack, first, 'ending_streamer');
    await signIn(stack, second, 'ending_streamer');
    const [mine, other] = await listOf(second);
    expect(mine?.current).toBe(true);

    expect(await second.api(stack.url, 'DELETE', `/api/login-sessions/${other.id}`)).toEqual({
      status: 200,
      body: { success: true, current: false },
    });
    expect((await me(first)).status).toBe(401);
    expect(await listOf(second)).toEqual([mine]);
    // Gone, or another user's: the same answer.
    expect(await second.api(stack.url, 'DELETE', `/api/login-sessions/${other.id}`)).toEqual({
      status: 404,
      body: { error: 'Login session not found.', code: 'LOGIN_SESSION_NOT_FOUND' },
    });

    expect(await second.api(stack.url, 'DELETE', `/api/login-sessions/${mine.id}`)).toEqual({
      status: 200,
      body: { success: true, current: true },
    });
    expect(second.cookies.has('greetboard_session')).toBe(false);
    expect((await me(second)).status).toBe(401);
  });

  it("never ends another user's session", async () => {
    const victim = new UserAgentBrowser(CHROME_ON_WINDOWS);
    const attacker = new UserAgentBrowser(FIREFOX_ON_LINUX);
    await signIn(stack, victim, 'victim_streamer');
    await signIn(stack, attacker, 'attacker_streamer');
    const [victims] = await listOf(victim);
    expect(
      (await attacker.api(stack.url, 'DELETE', `/api/login-sessions/${victims.id}`)).status,
    ).toBe(404);
    expect((await me(victim)).status).toBe(200);
  });
});
