import type { AuthStack } from './auth-stack.js';

/** A cookie jar of one: name=value pairs from Set-Cookie headers, per browser. */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header seen, for attribute checks. */
  readonly setCookies: string[] = [];
  /** Every body and header seen, for the token-leak test. */
  readonly seen: string[] = [];

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('Cookie', this.cookieHeader());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      this.setCookies.push(header);
      const [pair = ''] = header.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header) || value === '') {
        this.cookies.delete(name);
      } else this.cookies.set(name, value);
    }
    this.seen.push(JSON.stringify([...response.headers]));
    return response;
  }

  /** JSON request with the app's own Origin, as the web app sends it. */
  async api(
    base: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const response = await this.fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    this.seen.push(text);
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
}

export async function control(stack: AuthStack, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.emulator.httpUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.text()) || undefined };
}

/** Leaves for Twitch: answers the authorize URL the gateway redirected to. */
export async function startSignIn(stack: AuthStack, browser: Browser): Promise<URL> {
  const response = await browser.fetch(`${stack.url}/auth/twitch`);
  if (response.status !== 302) throw new Error(`/auth/twitch answered ${response.status}`);
  return new URL(response.headers.get('location') ?? '');
}

/** Twitch approves at once as `login` and answers the callback URL it redirects to. */
export async function approveAt(stack: AuthStack, authorizeUrl: URL, login: string): Promise<URL> {
  await control(stack, 'POST', '/control/users', { login });
  await control(stack, 'POST', '/control/oauth/auto-approve', { login });
  try {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    return new URL(response.headers.get('location') ?? '');
  } finally {
    await control(stack, 'DELETE', '/control/oauth/auto-approve');
  }
}

/** The whole sign-in of `login`; answers the callback's response. */
export async function signIn(stack: AuthStack, browser: Browser, login: string): Promise<Response> {
  const authorizeUrl = await startSignIn(stack, browser);
  const callback = await approveAt(stack, authorizeUrl, login);
  return browser.fetch(callback.toString());
}

export async function signedInBrowser(stack: AuthStack, login: string): Promise<Browser> {
  const browser = new Browser();
  const response = await signIn(stack, browser, login);
  if (response.headers.get('location') !== '/dashboard') {
    throw new Error(`sign-in of ${login} ended at ${response.headers.get('location')}`);
  }
  return browser;
}
