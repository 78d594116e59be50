import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CLAIM_TTL_MS, type SessionDto, type UserDto } from '@greetboard/contracts/wire';
import { stays } from './desk-helpers.js';
import {
  collectPageErrors,
  launchChromium,
  me,
  screenshot,
  seedSession,
  signInStreamerAndEditor,
  Standalone,
} from './harness.js';
import { blockingViolations } from './settings-helpers.js';

const EDITOR = 'e2e_presence_editor';
const SESSION_NAME = 'Presence Stream';
const VIEWERS = ['pres_v1', 'pres_v2', 'pres_v3', 'pres_v4'];
/** How often the gateway sweeps lapsed claims out of the room. */
const CLAIM_SWEEP_MS = 1_000;

/**
 * Presence and soft claims (ADR 0034) in two browsers: the streamer on the dashboard and an
 * editor on the session page see each other, each sees the row the other is about to greet
 * marked with their name, the mark goes when the greeting is made, and a closed page leaves.
 */
describe('presence and soft claims', () => {
  let app: Standalone;
  let browser: Browser;
  let editorContext: BrowserContext;
  let owner: Page;
  let editor: Page;
  let ownerUser: UserDto;
  let editorUser: UserDto;
  let session: SessionDto;
  const errors: string[] = [];

  /** The chatter row with this id on a page. */
  const rowOf = (page: Page, chatterId: string) => page.locator(`[data-chatter-id="${chatterId}"]`);
  const presenceOf = (page: Page) => page.getByRole('list', { name: 'Also here' });

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    ({ owner, editorContext, editor } = await signInStreamerAndEditor(
      browser,
      app,
      EDITOR,
      errors,
    ));
    [ownerUser, editorUser] = [await me(owner), await me(editor)];
    ({ session } = await seedSession(owner, app, {
      name: SESSION_NAME,
      keyword: 'presword',
      viewers: VIEWERS,
      repeat: 1,
      greet: 0,
    }));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the streamer and the editor to each other, each once', async () => {
    await owner.goto(`${app.origin}/dashboard`);
    await owner.getByRole('button', { name: `Select session ${SESSION_NAME}` }).click();
    await owner.locator('.chatter-row').first().waitFor();
    // Two tabs of the editor count once.
    const second = await editorContext.newPage();
    collectPageErrors(second, errors);
    for (const page of [editor, second]) {
      await page.goto(`${app.origin}/session/${session.id}`);
      await page.locator('.chatter-row').first().waitFor();
    }

    await presenceOf(owner).getByText(editorUser.displayName).waitFor();
    await presenceOf(editor).getByText(ownerUser.displayName).waitFor();
    await expect(presenceOf(owner).getByRole('listitem').count()).resolves.toBe(1);
    await expect(presenceOf(editor).getByRole('listitem').count()).resolves.toBe(1);

    // Closing one of the editor's tabs leaves them present; the name shows on hover.
    await second.close();
    // The gateway sends nothing when the list stays the same; a wrong removal would reach the
    // page within half a second of the tab closing (a local socket close and one message).
    await expect(stays(presenceOf(owner).getByText(editorUser.displayName), 500)).resolves.toBe(
      'stayed',
    );
    await presenceOf(owner).getByRole('listitem').hover();
    await expect(
      presenceOf(owner)
        .locator('.presence-name')
        .evaluate((element) => getComputedStyle(element).clipPath),
    ).resolves.toBe('none');
    await screenshot(owner, 'presence-name-on-hover-dark', false);
  }, 60_000);

  it("marks the row the editor's keyboard rests on, for the streamer, until it is greeted", async () => {
    await editor.locator('.chatter-row').first().waitFor();
    await editor.keyboard.press('j');
    const chatterId = await editor.evaluate(
      () => document.activeElement?.closest<HTMLElement>('[data-chatter-id]')?.dataset.chatterId,
    );
    if (!chatterId) throw new Error('the keyboard selected no row');
    const mark = rowOf(owner, chatterId).getByTestId('claim-mark');
    await mark.getByText(`${editorUser.displayName} is greeting`).waitFor();
    // The editor does not see their own claim.
    await expect(editor.getByTestId('claim-mark').count()).resolves.toBe(0);
    // It lasts beyond its time to live while the selection stays (renewed), never leaving the
    // row meanwhile. Unrenewed, the claim the gateway took before the mark showed would lapse
    // and be swept within CLAIM_TTL_MS + CLAIM_SWEEP_MS, and its removal arrive soon after;
    // the screenshot and the accessibility scan run within that time.
    const lasted = stays(mark, CLAIM_TTL_MS + CLAIM_SWEEP_MS + 500);

    await owner.mouse.move(2, 2);
    await screenshot(owner, 'presence-dashboard-claim-dark');
    const problems = await blockingViolations(owner, 'dashboard with presence (dark)');
    await expect(lasted).resolves.toBe('stayed');

    // Greeting releases the claim at once; nothing blocked the streamer meanwhile.
    await editor.keyboard.press('g');
    await mark.waitFor({ state: 'detached', timeout: 5_000 });
    await rowOf(owner, chatterId)
      .getByRole('button', { name: /as not greeted$/ })
      .waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it("marks the row whose greet button the streamer's pointer rests on, for the editor", async () => {
    const target = owner.locator('.chatter-row.is-pending').first();
    const chatterId = await target.getAttribute('data-chatter-id');
    if (!chatterId) throw new Error('no pending row');
    await target.locator('.greet-button').hover();
    const mark = rowOf(editor, chatterId).getByTestId('claim-mark');
    await mark.getByText(`${ownerUser.displayName} is greeting`).waitFor();
    await screenshot(editor, 'presence-session-page-claim-light');
    const problems = await blockingViolations(editor, 'session page with presence (light)');

    // Moving away releases it.
    await owner.mouse.move(2, 2);
    await mark.waitFor({ state: 'detached', timeout: 5_000 });
    expect(problems).toEqual([]);
  }, 60_000);

  it('takes the editor out of the streamer view when they leave the session', async () => {
    await editor.goto(`${app.origin}/settings`);
    await presenceOf(owner).waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
  }, 30_000);
});
