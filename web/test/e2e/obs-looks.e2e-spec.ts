import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { ChatterDto, OverlayLinkDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  seedSession,
  signInQuickly,
  Standalone,
} from './harness.js';

const KEYWORD = 'lookword';
/** More viewers than a 400x600 overlay has rows, so '+ N pending' has something to count. */
const VIEWERS = Array.from({ length: 30 }, (_, i) => `look_viewer_${String(i).padStart(2, '0')}`);
const GREETED = 12;

/**
 * The overlay as streamers use it (ADR 0056) in Chromium against the standalone runtime: an
 * overlay link's look (transparent, minimal, dock) chosen in settings without rotating the
 * link, '+ N pending' counting only people still to greet, the entry animation, the signed-in
 * dock keeping greeting in OBS mode, and the phone layout of the dashboard and session page.
 */
describe('overlay looks and the phone layout', () => {
  let app: Standalone;
  let browser: Browser;
  let owner: Page;
  let session: SessionDto;
  /** The chatters seedSession made, all there before any overlay opens. */
  let seeded: ChatterDto[];
  const errors: string[] = [];

  /** The link of `label` made (first time) through the settings page; answers its address. */
  const makeLink = async (label: string) => {
    await owner.goto(`${app.origin}/settings`);
    const row = owner.locator('.overlay-link', { hasText: label });
    await row.getByRole('button', { name: /^(Make link|Make a new link)$/ }).click();
    const field = row.getByRole('textbox', { name: label });
    await field.waitFor();
    return field.inputValue();
  };

  /** Chooses a link's look in the settings' OBS box, as the streamer does. */
  const chooseLook = async (label: string, look: string, animate?: boolean) => {
    await owner.goto(`${app.origin}/settings`);
    const row = owner.locator('.overlay-link', { hasText: label });
    await row.getByRole('combobox', { name: /Look/ }).selectOption(look);
    await owner.getByRole('status').filter({ hasText: 'Overlay look saved' }).first().waitFor();
    if (animate !== undefined) {
      const box = row.getByRole('checkbox', { name: /Slide new chatters in/ });
      if ((await box.isChecked()) !== animate) {
        await box.click();
        await waitFor(
          async () => (await box.isChecked()) === animate && !(await box.isDisabled()),
          {
            what: 'the animation choice saved',
          },
        );
      }
    }
    const links = await api<OverlayLinkDto[]>(owner, 'GET', '/api/overlay-links');
    return links;
  };

  const openSource = async (url: string, size = { width: 400, height: 600 }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    // From the first paint on: the ids of the rows that start an animation, in order.
    await page.addInitScript(() => {
      const entered: string[] = [];
      (window as unknown as { entered: string[] }).entered = entered;
      document.addEventListener('animationstart', (event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-chatter-id]');
        if (row) entered.push(row.dataset.chatterId ?? '');
      });
    });
    await page.goto(url);
    await page.locator('.overlay-row').first().waitFor();
    return page;
  };

  /** The alpha of the picture's pixel at (x, y) in a screenshot without a background. */
  const alphaAt = async (page: Page, x: number, y: number, file: string) => {
    const png = await page.screenshot({ omitBackground: true, path: file });
    return page.evaluate(
      async ([data, px, py]) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(px, py, 1, 1).data[3];
      },
      [png.toString('base64'), x, y] as const,
    );
  };

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const context = await newContext(browser);
    owner = await context.newPage();
    collectPageErrors(owner, errors);
    await signInQuickly(owner, app, 'demo_streamer');
    ({ session, chatters: seeded } = await seedSession(owner, app, {
      name: 'Looks Stream',
      keyword: KEYWORD,
      viewers: VIEWERS,
      repeat: 1,
      greet: 0,
    }));
    // The newest are greeted: the overlay lists by first seen, so its first rows stay pending
    // and the rows it draws hold both kinds only further down.
    for (const chatter of seeded.slice(-GREETED)) {
      await api(owner, 'PUT', `/api/chatters/${chatter.id}/greet`, { isGreeted: true });
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows each look of a link, changed in settings without rotating the link', async () => {
    const url = await makeLink('Overlay link that can greet');

    // The dock: today's interactive overlay, with the session picker and greet buttons.
    const dock = await openSource(url);
    await dock.getByRole('combobox', { name: 'Session' }).waitFor();
    expect(await dock.locator('.overlay-row .greet-button:visible').count()).toBeGreaterThan(0);
    await screenshot(dock, 'overlay-look-dock', false);
    await dock.context().close();

    // Transparent: the page behind shows through; no picker, no controls.
    const [link] = await chooseLook('Overlay link that can greet', 'transparent');
    expect(link).toMatchObject({ access: 'greet', look: 'transparent', animate: false });
    const transparent = await openSource(url);
    await transparent.locator('main.overlay-transparent').waitFor();
    expect(
      await transparent.evaluate(() => [
        getComputedStyle(document.documentElement).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
      ]),
    ).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    expect(await transparent.getByRole('combobox', { name: 'Session' }).isVisible()).toBe(false);
    expect(await transparent.locator('.overlay button:visible').count()).toBe(0);
    await transparent.getByText('Pending').first().waitFor();
    // A corner with nothing drawn is see-through in the picture OBS composes.
    expect(
      await alphaAt(transparent, 395, 590, '/tmp/shots-obs/overlay-look-transparent-alpha.png'),
    ).toBe(0);
    await screenshot(transparent, 'overlay-look-transparent', false);
    await transparent.context().close();

    // Minimal: the names and '+ N pending' alone, on the theme's background.
    await chooseLook('Overlay link that can greet', 'minimal');
    const minimal = await openSource(url);
    await minimal.locator('main.overlay-minimal').waitFor();
    for (const hidden of ['.overlay-header', '.overlay-picker-row', '.overlay-counters']) {
      expect({ hidden, visible: await minimal.locator(hidden).isVisible() }).toEqual({
        hidden,
        visible: false,
      });
    }
    expect(await minimal.locator('.overlay button:visible').count()).toBe(0);
    expect(await minimal.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await screenshot(minimal, 'overlay-look-minimal', false);
    await minimal.context().close();

    // The same address all along: choosing a look never rotated the link.
    const links = await api<OverlayLinkDto[]>(owner, 'GET', '/api/overlay-links');
    expect(links).toEqual([expect.objectContaining({ id: link.id, look: 'minimal' })]);
    // A rotated link keeps its look, and the page learns it from /auth/me through the link.
    const rotated = await makeLink('Overlay link that can greet');
    expect(rotated).not.toBe(url);
    const token = new URL(rotated).hash.slice('#token='.length);
    const me = await fetch(`${app.origin}/auth/me`, {
      headers: { Authorization: `Bearer ${token}`, Origin: app.origin },
    });
    expect(await me.json()).toMatchObject({
      overlayAccess: 'greet',
      overlayLook: { look: 'minimal', animate: false },
    });
    // A link cannot change its own look: only a signed-in browser may.
    const own = await fetch(`${app.origin}/api/overlay-links/${link.id}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: app.origin,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ look: 'dock' }),
    });
    expect({ status: own.status, body: (await own.json()) as unknown }).toMatchObject({
      status: 403,
      body: { code: 'OVERLAY_LINK_REFUSED' },
    });
  }, 180_000);

  it("counts only the people still to greet in '+ N pending'", async () => {
    const url = await makeLink('Overlay link (view only)');
    const source = await openSource(url, { width: 400, height: 600 });
    const more = source.locator('.overlay-more');
    await more.waitFor();
    // The demo chat can add a chatter between two reads: compare reads of one moment.
    const read = async () => {
      const chatters = await api<ChatterDto[]>(
        owner,
        'GET',
        `/api/sessions/${session.id}/chatters`,
      );
      return {
        chatters: chatters.length,
        pending: chatters.filter((c) => !c.isGreeted && !c.moderation).length,
        drawn: await source.locator('.overlay-row').count(),
        drawnPending: await source.locator('.overlay-row.is-pending').count(),
        shown: await more.textContent(),
      };
    };
    let seen = await read();
    await waitFor(
      async () => {
        seen = await read();
        return seen.shown === `+ ${seen.pending - seen.drawnPending} pending`;
      },
      { timeoutMs: 10_000, what: "'+ N pending' to match the pending chatters not drawn" },
    ).catch(() => undefined);
    expect(seen.drawnPending).toBeGreaterThan(0);
    expect(seen.shown).toBe(`+ ${seen.pending - seen.drawnPending} pending`);
    // Not the rows left over, greeted ones included, as '+ N more' counted them.
    expect(seen.pending - seen.drawnPending).toBeLessThan(seen.chatters - seen.drawn);
    await screenshot(source, 'overlay-more-pending', false);
    await source.context().close();
  }, 90_000);

  it('slides a new chatter in when the link asks for it, and not with reduced motion', async () => {
    const url = await makeLink('Overlay link (view only)');
    await chooseLook('Overlay link (view only)', 'dock', true);
    // Tall enough that the newcomer gets a row whatever the order.
    const moving = await openSource(url, { width: 400, height: 2400 });
    const still = await openSource(url, { width: 400, height: 2400 });
    await still.emulateMedia({ reducedMotion: 'reduce' });
    const entered = (page: Page) =>
      page.evaluate(() => (window as unknown as { entered: string[] }).entered);
    await app.chat([{ login: 'look_newcomer', text: `${KEYWORD} just arrived` }]);
    const newcomer = await waitFor(
      async () =>
        (await api<ChatterDto[]>(owner, 'GET', `/api/sessions/${session.id}/chatters`)).find(
          (chatter) => chatter.username === 'look_newcomer',
        ),
      { what: 'the newcomer counted' },
    );
    for (const page of [moving, still]) {
      await page.locator('.overlay-row', { hasText: 'look_newcomer' }).waitFor();
    }
    await waitFor(async () => (await entered(moving)).includes(newcomer.id) || null, {
      what: 'the newcomer sliding in',
    });
    // The rows of the first load stay put (a demo viewer chatting meanwhile may slide in).
    const seededIds = new Set(seeded.map((chatter) => chatter.id));
    expect((await entered(moving)).filter((id) => seededIds.has(id))).toEqual([]);
    // Reduced motion is asked for once the page is open: nothing moves from then on.
    const stillEntered = await entered(still);
    expect(stillEntered).not.toContain(newcomer.id);
    expect(stillEntered.filter((id) => seededIds.has(id))).toEqual([]);
    expect(
      await still
        .locator('.overlay-row', { hasText: 'look_newcomer' })
        .evaluate((row) => getComputedStyle(row).animationName),
    ).toBe('none');
    await moving.context().close();
    await still.context().close();
  }, 90_000);

  it('keeps greeting, the picker and Stop on the signed-in dock in OBS mode', async () => {
    await api(owner, 'PUT', '/api/settings', { obsMode: true });
    try {
      const page = await owner.context().newPage();
      collectPageErrors(page, errors);
      await page.setViewportSize({ width: 400, height: 600 });
      await page.goto(`${app.origin}/obs`);
      await page.locator('main.overlay-obs').waitFor();
      await page.getByRole('combobox', { name: 'Session' }).waitFor();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgba(0, 0, 0, 0)',
      );
      const row = page.locator('.overlay-row.is-pending').first();
      const name = (await row.locator('.overlay-name').textContent())!;
      await row.getByRole('button', { name: /as greeted/ }).click();
      await waitFor(
        async () =>
          (await api<ChatterDto[]>(owner, 'GET', `/api/sessions/${session.id}/chatters`)).find(
            (c) => (c.displayName || c.username) === name,
          )?.isGreeted,
        { what: `${name} greeted from the OBS-mode dock` },
      );
      await screenshot(page, 'overlay-obs-mode-dock', false);
      await page.close();
    } finally {
      await api(owner, 'PUT', '/api/settings', { obsMode: false });
    }
  }, 90_000);

  describe('on a phone (390x844)', () => {
    const PHONE = { width: 390, height: 844 };

    const expectFirstRowInView = async (page: Page, shot: string) => {
      const row = page.locator('.chatter-row').first();
      await row.waitFor();
      await screenshot(page, shot, false);
      await screenshot(page, `${shot}-full`);
      const box = (await row.boundingBox())!;
      expect({ top: box.y >= 0, bottom: box.y + box.height <= PHONE.height }).toEqual({
        top: true,
        bottom: true,
      });
      const buttons = await page
        .locator('.chatter-row .greet-button')
        .evaluateAll((items) =>
          items.map((item) => [
            item.getBoundingClientRect().width,
            item.getBoundingClientRect().height,
          ]),
        );
      expect(buttons.length).toBeGreaterThan(0);
      expect(buttons.filter(([w, h]) => w < 44 || h < 44)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // The counters stay in view right under the top bar while the list scrolls.
      await page.mouse.wheel(0, 700);
      await waitFor(async () => (await page.evaluate(() => window.scrollY)) >= 600, {
        what: 'the page scrolled',
      });
      const [barBottom, stripTop] = await page.evaluate(() => [
        document.querySelector('.topbar')!.getBoundingClientRect().bottom,
        document.querySelector('.stat-grid')!.getBoundingClientRect().top,
      ]);
      expect(Math.abs(stripTop - barBottom)).toBeLessThanOrEqual(1);
      await screenshot(page, `${shot}-scrolled`, false);
    };

    it('opens the dashboard on the chatter list', async () => {
      const context = await newContext(browser, {
        ...PHONE,
        cookies: await owner.context().cookies(),
      });
      const page = await context.newPage();
      collectPageErrors(page, errors);
      await page.goto(`${app.origin}/dashboard`);
      await expectFirstRowInView(page, 'phone-dashboard-390x844');
      await context.close();
    }, 60_000);

    it('opens the session page on the chatter list', async () => {
      const context = await newContext(browser, {
        ...PHONE,
        cookies: await owner.context().cookies(),
      });
      const page = await context.newPage();
      collectPageErrors(page, errors);
      await page.goto(`${app.origin}/session/${session.id}`);
      await expectFirstRowInView(page, 'phone-session-390x844');
      await context.close();
    }, 60_000);
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
