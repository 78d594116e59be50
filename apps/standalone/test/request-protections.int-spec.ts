import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser } from './sign-in-client.js';

/** Ways around the request protections found by hostile testing, kept closed. */
describe('request protections: rate limits by any case, unreadable origins, caching', () => {
  let stack: AuthStack;
  const API_LIMIT = 8;

  beforeAll(async () => {
    stack = await startAuthStack({ rateLimits: { api: API_LIMIT } });
  });

  afterAll(async () => {
    await stack.close();
  });

  it('counts requests to the API in any letter case against one limit', async () => {
    const browser = await signedInBrowser(stack, 'case_changer');
    const statuses: number[] = [];
    const paths = ['/api/settings', '/API/SETTINGS', '/Api/Settings', '/aPi/sEtTiNgS'];
    for (let attempt = 0; attempt < API_LIMIT + 4; attempt++) {
      const path = paths[attempt % paths.length];
      statuses.push((await browser.api(stack.url, 'PUT', path, { theme: 'light' })).status);
    }
    // Signing in counted against the sign-in limit, not this one.
    expect(statuses).toEqual([...Array<number>(API_LIMIT).fill(200), 429, 429, 429, 429]);
  });
});

describe('request protections: origins', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack();
  });

  afterAll(async () => {
    await stack.close();
  });

  it('refuses a state-changing request whose Origin or Referer cannot be read', async () => {
    const browser = await signedInBrowser(stack, 'null_origin');
    for (const headers of [
      { Origin: 'null' },
      { Origin: 'x' },
      { Origin: '' },
      { Referer: 'not a url' },
      { Origin: 'null', Referer: stack.url },
    ]) {
      const response = await browser.fetch(`${stack.url}/api/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ theme: 'light' }),
      });
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
      expect(await response.json()).toEqual({
        error: 'Cross-site request refused.',
        code: 'CSRF_REJECTED',
      });
    }
    expect((await browser.api(stack.url, 'GET', '/api/settings')).body).toMatchObject({
      theme: 'dark',
    });
    // No Origin and no Referer at all is not a browser's cross-site request.
    const plain = await browser.fetch(`${stack.url}/api/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ theme: 'light' }),
    });
    expect(plain.status).toBe(200);
  });
});
