import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT, waitFor } from '@greetboard/testing';
import type { Standalone } from './harness.js';

/** A toast with exactly this text (toasts sit at the bottom right). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-rht-toaster] .toast').filter({ hasText: text }).first().waitFor();
}

/** A settings section, found by its heading. */
export const section = (page: Page, heading: string | RegExp): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading, level: 2 }) });

/** Opens /settings and waits until every list has loaded (one loading state). */
export async function openSettings(page: Page, app: Standalone): Promise<void> {
  await page.goto(`${app.origin}/settings`);
  await page.locator('.settings-grid').waitFor();
}

/**
 * The page's next `method` request to `path` is cut off as a dropped connection would be:
 * the server never sees it, and the screen must say it failed and keep the old state.
 */
export async function dropNextRequest(page: Page, method: string, path: string): Promise<void> {
  let dropped = false;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (dropped || route.request().method() !== method) return route.fallback();
      dropped = true;
      await route.abort('connectionreset');
    },
  );
}

/** Types into a user search box and waits for its result. */
export async function searchUser(area: Locator, label: string, text: string): Promise<Locator> {
  await area.getByLabel(label).fill(text);
  const results = area.getByRole('region', { name: 'Search results' });
  await results.waitFor();
  return results;
}

export interface ChatReader {
  messages: string[];
  close: () => void;
}

/** Reads a channel's chat over the emulator's IRC WebSocket, as a viewer would. */
export async function readChat(app: Standalone, channel: string): Promise<ChatReader> {
  const socket = new WebSocket(app.emulatorUrl.replace(/^http/, 'ws') + '/', 'irc');
  const messages: string[] = [];
  let joined = false;
  socket.addEventListener('message', (event) => {
    for (const line of String(event.data).split('\r\n')) {
      if (/^:justinfan\d+!\S+ JOIN #/.test(line)) joined = true;
      const privmsg = /PRIVMSG #\S+ :(.*)$/.exec(line);
      if (privmsg?.[1] !== undefined) messages.push(privmsg[1]);
    }
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  socket.send(`PASS SCHMOOPIIE\r\nNICK justinfan${Math.floor(Math.random() * 1e6)}\r\n`);
  socket.send(`JOIN #${channel}\r\n`);
  await waitFor(() => joined, { what: `the chat reader in #${channel}` });
  return { messages, close: () => socket.close() };
}

let axeSource: string | undefined;

/**
 * axe-core on the page as it is: one line per serious or critical violation. A violation
 * seen once is looked at again after the page settles, and only what is still there counts:
 * a toast that began to slide in or out while axe ran is see-through for a moment, and axe
 * judges the screen the user reads.
 */
export async function blockingViolations(page: Page, screen: string): Promise<string[]> {
  axeSource ??= await readFile(path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  const first = await seriousViolations(page, axeSource);
  if (first.length === 0) return [];
  await page.waitForTimeout(500);
  const again = new Set(await seriousViolations(page, axeSource));
  return first
    .filter((violation) => again.has(violation))
    .map((violation) => `${screen}: ${violation}`);
}

/** One axe run once no animation is running: each serious or critical violation as text. */
async function seriousViolations(page: Page, source: string): Promise<string[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: source });
  }
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'target-size': { enabled: true } },
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}) ${violation.help}\n` +
        violation.targets.map((target) => `    ${target}`).join('\n'),
    );
}
