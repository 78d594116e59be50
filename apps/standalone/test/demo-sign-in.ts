import type { UserDto } from '@greetboard/contracts';
import type { DemoRuntime } from '@greetboard/testing';
import type { Browser } from './sign-in-client.js';

/** Signs `browser` in as `login` through the runtime's built-in Twitch; answers the user's id. */
export async function signInDemo(
  runtime: DemoRuntime,
  browser: Browser,
  login: string,
): Promise<string> {
  const { base } = runtime;
  const start = await browser.fetch(`${base}/auth/twitch`);
  const authorize = new URL(start.headers.get('location') ?? '');
  await runtime.control('POST', '/control/oauth/auto-approve', { login });
  const consent = await fetch(authorize, { redirect: 'manual' });
  await runtime.control('DELETE', '/control/oauth/auto-approve');
  const callback = new URL(consent.headers.get('location') ?? '');
  await browser.fetch(`${base}${callback.pathname}${callback.search}`);
  const me = await browser.api(base, 'GET', '/auth/me');
  if (me.status !== 200) throw new Error(`${login} is not signed in (${me.status})`);
  return (me.body as UserDto).id;
}
