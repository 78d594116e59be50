import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Cookie, Page } from 'playwright-core';
import type { ChatterDto, MeAnswer, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  allowConsoleMessages,
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  seedSession,
  signInQuickly,
  Standalone,
} from './harness.js';

const VIEWERS = ['link_ada', 'link_grace', 'link_alan', 'link_kat'];

/**
 * Overlay links (ADR 0029) in Chromium against the standalone runtime: made in the settings'
 * OBS box, opened in a browser with no cookie (as an OBS browser source is), greeting only
 * through a greet link, ending the moment they are revoked, and working across a restart.
 */
describe('overlay links', () => {
  let app: Standalone;
  let browser: Browser;
  let cookies: Cookie[];
  let session: SessionDto;
  let owner: Page;
  const errors: string[] = [];

  /** Makes (or rotates) the link of `access` through the settings page; answers its address. */
  const makeLink = async (label: string, button: 'Make link' | 'Make a new link') => {
    await owner.goto(`${app.origin}/settings`);
    const row = owner.locator('.overlay-link', { hasText: label });
    await row.getByRole('button', { name: button }).click();
    const field = row.getByRole('textbox', { name: label });
    await field.waitFor();
    return field.inputValue();
  };

  /** A browser source: a fresh context with no cookie, opened on the link. */
  const openSource = async (url: string, size = { width: 400, height: 600 }, theme = 'dark') => {
    const context = await newContext(browser, { ...size, theme });
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(url);
    return page;
  };

  /** An API call with the link's token as a bearer, as the overlay page makes it. */
  const withToken = async (url: string, method: string, path: string, body?: unknown) => {
    const token = new URL(url).hash.slice('#token='.length);
    const response = await fetch(`${app.origin}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: app.origin,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const ours = async (page: Page) =>
    (await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`)).filter((c) =>
      VIEWERS.includes(c.username),
    );

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const context = await newContext(browser);
    owner = await context.newPage();
    await signInQuickly(owner, app, 'demo_streamer');
    ({ session } = await seedSession(owner, app, {
      name: 'Linked Stream',
      keyword: 'linkword',
      viewers: VIEWERS,
      repeat: 1,
      greet: 1,
    }));
    cookies = await context.cookies();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the overlay through a greet link with no cookie, and greets from it', async () => {
    const url = await makeLink('Overlay link that can greet', 'Make link');
    expect(url).toMatch(new RegExp(`^${app.origin}/obs#token=[A-Za-z0-9_-]{43}$`));
    await owner.locator('#obs-heading').scrollIntoViewIfNeeded();
    await screenshot(owner, 'settings-overlay-links-dark', false);
    const source = await openSource(url);
    expect(await source.context().cookies()).toEqual([]);
    const row = source.locator('.overlay-row', { hasText: 'link_grace' });
    await row.waitFor();
    await row.getByRole('button', { name: /as greeted/ }).click();
    await waitFor(
      async () => (await ours(owner)).find((c) => c.username === 'link_grace')?.isGreeted,
      {
        what: 'link_grace greeted through the link',
      },
    );
    // Owner-only controls never show through a link.
    expect(await source.getByRole('button', { name: /^(Start|Stop)$/ }).count()).toBe(0);
    const me = await withToken(url, 'GET', '/auth/me');
    expect(me.body).toMatchObject({ username: 'demo_streamer', overlayAccess: 'greet' });
    await source.context().close();
  }, 90_000);

  it('lets a view-only link watch but not greet, start or reach anything else', async () => {
    const url = await makeLink('Overlay link (view only)', 'Make link');
    const source = await openSource(url, { width: 400, height: 600 }, 'light');
    await source.locator('.overlay-row', { hasText: 'link_ada' }).waitFor();
    expect(await source.locator('.overlay-row button:visible').count()).toBe(0);
    await screenshot(source, 'overlay-link-read-400x600-light', false);

    const chatter = (await ours(owner)).find((c) => c.username === 'link_alan')!;
    const greet = await withToken(url, 'PUT', `/api/chatters/${chatter.id}/greet`, {
      isGreeted: true,
    });
    expect(greet).toMatchObject({ status: 403, body: { code: 'OVERLAY_LINK_REFUSED' } });
    for (const [method, path] of [
      ['GET', '/api/overlay-links'],
      ['GET', '/api/ignored-users'],
      ['PUT', `/api/sessions/${session.id}`],
      ['DELETE', '/api/account'],
    ] as const) {
      const refused = await withToken(url, method, path, method === 'GET' ? undefined : {});
      expect({ path, ...refused }).toMatchObject({
        path,
        status: 403,
        body: { code: 'OVERLAY_LINK_REFUSED' },
      });
    }
    expect((await ours(owner)).find((c) => c.username === 'link_alan')?.isGreeted).toBe(false);
    // Logging out through the link ends nothing: only settings revoke a link.
    await withToken(url, 'POST', '/auth/logout');
    expect((await withToken(url, 'GET', '/auth/me')).status).toBe(200);
    await source.context().close();
  }, 90_000);

  it('stops a link the moment it is revoked, and a rotated one the moment it is replaced', async () => {
    allowConsoleMessages(/401|Unauthorized|WebSocket/);
    const first = await makeLink('Overlay link that can greet', 'Make a new link');
    const source = await openSource(first);
    await source.locator('.overlay-row', { hasText: 'link_ada' }).waitFor();

    // Rotating: the old link's page says it ended, its token answers nobody.
    const second = await makeLink('Overlay link that can greet', 'Make a new link');
    expect(second).not.toBe(first);
    await source.getByText('This overlay link no longer works.', { exact: false }).waitFor();
    expect((await withToken(first, 'GET', '/auth/me?optional=true')).body).toEqual({ user: null });

    // Revoking: the same for the new one.
    const page = await openSource(second);
    await page.locator('.overlay-row', { hasText: 'link_ada' }).waitFor();
    await owner.goto(`${app.origin}/settings`);
    await owner
      .locator('.overlay-link', { hasText: 'Overlay link that can greet' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByText('This overlay link no longer works.', { exact: false }).waitFor();
    const chatter = (await ours(owner)).find((c) => c.username === 'link_kat')!;
    const greet = await withToken(second, 'PUT', `/api/chatters/${chatter.id}/greet`, {
      isGreeted: true,
    });
    expect(greet.status).toBe(401);
    await source.context().close();
    await page.context().close();
  }, 90_000);

  it('keeps working across a restart of the runtime', async () => {
    const url = await makeLink('Overlay link (view only)', 'Make a new link');
    // The owner's settings page loses its live socket while the runtime is down.
    allowConsoleMessages(/WebSocket connection to .* failed/);
    await app.restart();
    const source = await openSource(url, { width: 400, height: 200 });
    await source.locator('.overlay-row').first().waitFor({ timeout: 30_000 });
    const me = (await withToken(url, 'GET', '/auth/me')).body as MeAnswer;
    expect(me).toMatchObject({ username: 'demo_streamer', overlayAccess: 'read' });
    await source.context().close();
    // The owner's own browser session survived the restart too (ADR 0024).
    const context = await newContext(browser, { cookies });
    const page = await context.newPage();
    await page.goto(`${app.origin}/dashboard`);
    expect(await api<MeAnswer>(page, 'GET', '/auth/me')).toMatchObject({
      username: 'demo_streamer',
    });
    await context.close();
  }, 180_000);

  it('fits a 400x200 source and a 300-pixel dock, names whole, in both themes', async () => {
    const url = await makeLink('Overlay link (view only)', 'Make a new link');
    for (const theme of ['dark', 'light'] as const) {
      for (const [width, height] of [
        [400, 600],
        [400, 200],
        [300, 800],
      ] as const) {
        const source = await openSource(url, { width, height }, theme);
        const rows = source.locator('.overlay-row');
        await rows.first().waitFor();
        // Every drawn row is inside the viewport, and a short source still shows two.
        const drawn = await rows.evaluateAll((items) =>
          items.map((item) => item.getBoundingClientRect().bottom),
        );
        expect(drawn.every((bottom) => bottom <= height)).toBe(true);
        expect(drawn.length).toBeGreaterThanOrEqual(2);
        // No name is cut while the row has room for it.
        const cut = await source
          .locator('.overlay-name')
          .evaluateAll((names) =>
            names.filter((name) => name.scrollWidth > name.clientWidth).map((n) => n.textContent),
          );
        expect(cut).toEqual([]);
        await screenshot(source, `overlay-${width}x${height}-${theme}`, false);
        await source.context().close();
      }
    }
  }, 120_000);

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
