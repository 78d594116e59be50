import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@greetboard/testing';
import { type TwitchEmulator } from '../src/index.js';
import { startTestEmulator } from './helpers.js';

let emulator: TwitchEmulator;
let app: Server;
let appUrl: string;
let browser: Browser;
const CLIENT = { clientId: 'browsertestclient', clientSecret: 'browsertestsecret' };

beforeAll(async () => {
  // A stand-in for the product's callback endpoint.
  app = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(
      `<p id="code">${url.searchParams.get('code') ?? ''}</p><p id="state">${url.searchParams.get('state') ?? ''}</p>`,
    );
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  emulator = await startTestEmulator({
    clients: [{ ...CLIENT, redirectUris: [appUrl] }],
    users: ['emulator_streamer', 'second_streamer'],
  });
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  await new Promise((resolve) => app.close(resolve));
});

describe('consent page in Chromium', () => {
  it('signs in by picking a user and clicking Authorize', async () => {
    const page = await browser.newPage();
    const query = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: appUrl,
      response_type: 'code',
      scope: 'chat:read user:read:email',
      state: 'browser-state-123',
    });
    await page.goto(`${emulator.httpUrl}/oauth2/authorize?${query.toString()}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      CLIENT.clientId,
    );
    await page.getByLabel(/second_streamer/).check();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((url) => url.href.startsWith(appUrl));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('browser-state-123');
    const code = landed.searchParams.get('code') ?? '';
    expect(await page.locator('#code').textContent()).toBe(code);

    const token = await fetch(`${emulator.httpUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ ...tokenForm(code), redirect_uri: appUrl }),
    });
    const issued = (await token.json()) as { access_token: string };
    const validated = await fetch(`${emulator.httpUrl}/oauth2/validate`, {
      headers: { Authorization: `OAuth ${issued.access_token}` },
    });
    expect(await validated.json()).toMatchObject({ login: 'second_streamer' });
    await page.close();
  }, 30_000);

  it('returns access_denied when the user clicks Cancel', async () => {
    const page = await browser.newPage();
    const query = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: appUrl,
      response_type: 'code',
      scope: '',
      state: 's',
    });
    await page.goto(`${emulator.httpUrl}/oauth2/authorize?${query.toString()}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.href.startsWith(appUrl));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('s');
    await page.close();
  }, 30_000);
});

function tokenForm(code: string): Record<string, string> {
  return {
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    code,
    grant_type: 'authorization_code',
  };
}
