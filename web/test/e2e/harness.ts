import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach } from '@jest/globals';
import {
  type Browser,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
} from 'playwright-core';
import type {
  ChatterDto,
  GlobalEditorInviteDto,
  SessionDto,
  UserDto,
} from '@greetboard/contracts/wire';
export { launchChromium } from '@greetboard/testing';
import { DemoRuntime, REPO_ROOT, waitFor, type RunningProgram } from '@greetboard/testing';

/** Where the e2e run leaves its screenshots (git-ignored, kept as CI artifacts). */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-artifacts', 'e2e-screenshots');

export interface ChatLine {
  login: string;
  text: string;
}

/** One standalone runtime in demo mode with its built-in Twitch emulator. */
export class Standalone {
  private constructor(
    private readonly runtime: DemoRuntime,
    private readonly publicUrl?: string,
  ) {}

  /**
   * `env` adds to (or overrides) the runtime's environment, e.g. faster token validation; its
   * PUBLIC_URL, when set, becomes the `origin` tests open. `port`: the app's port (a free one
   * when unset), for a PUBLIC_URL that names it.
   */
  static async start(env?: Record<string, string>, port?: number): Promise<Standalone> {
    return new Standalone(
      await DemoRuntime.start({ name: 'web-e2e', env, port }),
      env?.PUBLIC_URL?.replace(/\/+$/, ''),
    );
  }

  get program(): RunningProgram {
    return this.runtime.program;
  }

  /** The app's public origin (PUBLIC_URL, else localhost), as a browser opens it. */
  get origin(): string {
    return this.publicUrl ?? this.runtime.origin;
  }

  get emulatorUrl(): string {
    return this.runtime.emulatorUrl;
  }

  async stop(): Promise<void> {
    await this.runtime.stop('SIGTERM');
  }

  /** Stops the runtime and starts it again on the same data and ports. */
  restart(): Promise<number | string> {
    return this.runtime.restart();
  }

  /** POST to the emulator's control API; throws on a refusal. */
  control(route: string, body: unknown): Promise<unknown> {
    return this.runtime.control('POST', route, body);
  }

  /** Chat lines into #demo_streamer, as if typed on Twitch. */
  chat(lines: ChatLine[]): Promise<unknown> {
    return this.control('/control/channels/demo_streamer/messages', { messages: lines });
  }

  /** Waits until chat-ingest has joined #demo_streamer (after a session became active). */
  waitForChannelJoined(): Promise<void> {
    return this.runtime.waitForChannelJoined('demo_streamer');
  }
}

/**
 * The input's value once it is `expected`, or what it shows after `timeoutMs`: a form fills
 * its fields when its data has loaded, after the field itself appeared.
 */
export async function settledValue(
  input: Locator,
  expected: string,
  timeoutMs = 10_000,
): Promise<string> {
  await waitFor(async () => (await input.inputValue()) === expected || null, {
    timeoutMs,
    what: `the value ${expected}`,
  }).catch(() => undefined);
  return input.inputValue();
}

/**
 * Every console error or warning (and uncaught error) of the pages of contexts made by
 * `newContext`, not yet reported. A quiet console is part of every page's contract: the
 * test during which one appears fails, naming it.
 */
const consoleProblems: string[] = [];
let allowedConsoleMessages: RegExp[] = [];

/** Lets the current test provoke console messages matching `pattern` (e.g. a refused call). */
export function allowConsoleMessages(pattern: RegExp): void {
  allowedConsoleMessages.push(pattern);
}

/**
 * Lets every test of the file provoke console messages matching `pattern`: for files whose
 * tests make the server refuse on purpose (Chromium logs each refused request).
 */
const allowedInFile: RegExp[] = [];
export function allowConsoleMessagesInFile(pattern: RegExp): void {
  allowedInFile.push(pattern);
}

const allowed = (text: string) =>
  [...allowedInFile, ...allowedConsoleMessages].some((pattern) => pattern.test(text));

function watchConsole(context: BrowserContext): void {
  context.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = `${message.type()} on ${message.page()?.url() ?? '?'}: ${message.text()}`;
    if (!allowed(text)) consoleProblems.push(text);
  });
  context.on('weberror', (error) => {
    const text = `uncaught on ${error.page()?.url() ?? '?'}: ${error.error().message}`;
    if (!allowed(text)) consoleProblems.push(text);
  });
}

function failOnConsoleProblems(): void {
  allowedConsoleMessages = [];
  const problems = consoleProblems.splice(0);
  if (problems.length > 0) {
    throw new Error(`The browser console was not quiet:\n${problems.join('\n')}`);
  }
}
afterEach(failOnConsoleProblems);
afterAll(failOnConsoleProblems);

/**
 * A browser context that starts with the given language and theme in localStorage (the
 * keys the app reads). `bypassCSP` lets a test inject its own scripts (axe-core) past the
 * app's `script-src 'self'`.
 */
export async function newContext(
  browser: Browser,
  {
    language = 'en',
    theme = 'dark',
    width = 1280,
    height = 800,
    cookies = [] as Cookie[],
    bypassCSP = false,
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'en-US',
    storageState: { cookies, origins: [] },
    bypassCSP,
  });
  watchConsole(context);
  await context.addInitScript(
    ([lang, mode]) => {
      // A new page starts on about:blank, which has no storage.
      if (location.protocol === 'about:') return;
      if (localStorage.getItem('e2e-initialised')) return;
      localStorage.setItem('e2e-initialised', '1');
      localStorage.setItem('language', lang);
      localStorage.setItem('theme', mode);
    },
    [language, theme],
  );
  return context;
}

/** Collects uncaught page errors so that a test can assert there were none. */
export function collectPageErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
}

/**
 * Signs in through the app: the login button, the emulator's consent page (pick the user,
 * Authorize), and back on /dashboard.
 */
export async function signInByConsent(page: Page, app: Standalone, login: string): Promise<void> {
  await page.goto(`${app.origin}/login`);
  await page.getByRole('button', { name: 'Login with Twitch' }).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  const option = page.getByRole('radio', { name: new RegExp(`\\(${login}\\)`) });
  if ((await option.count()) > 0) await option.check();
  else await page.getByLabel('Or create a new user (login)').fill(login);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(`${app.origin}/dashboard`);
}

/** Signs in without the consent page (the emulator approves `login` at once). */
export async function signInQuickly(page: Page, app: Standalone, login: string): Promise<void> {
  await app.control('/control/oauth/auto-approve', { login });
  try {
    await page.goto(`${app.origin}/auth/twitch`);
    await page.waitForURL(`${app.origin}/dashboard`);
  } finally {
    // Later sign-ins (other users, other tests) go through the consent page again.
    await fetch(`${app.emulatorUrl}/control/oauth/auto-approve`, { method: 'DELETE' });
  }
}

/** Calls the app's API with the page's cookies and Origin; returns the parsed body. */
export async function api<T>(
  page: Page,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`${origin}${route}`, {
    method,
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok()) {
    throw new Error(`${method} ${route} answered ${response.status()}: ${await response.text()}`);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface SeededSession {
  session: SessionDto;
  /** The viewers as chatters of the session, in the list's order (oldest first). */
  chatters: ChatterDto[];
}

/**
 * For a signed-in streamer's page: a session with `keyword` among its keywords, each viewer's
 * first line, a second line from the first `repeat` viewers, and the first `greet` of them
 * greeted. The demo chat's greetings ('hi chat', 'hello everyone') count too, so demo viewers
 * join the list while a test runs: a test counts its own viewers, never the whole list.
 */
export async function seedSession(
  page: Page,
  app: Standalone,
  options: { name: string; keyword: string; viewers: string[]; repeat: number; greet: number },
): Promise<SeededSession> {
  const { keyword, viewers } = options;
  const session = await api<SessionDto>(page, 'POST', '/api/sessions', {
    name: options.name,
    keywords: JSON.stringify([keyword, 'hello', 'hi', 'giveaway', 'raid']),
  });
  await app.waitForChannelJoined();
  await app.chat(viewers.map((login, i) => ({ login, text: `hi there, ${keyword} number ${i}` })));
  await app.chat(
    viewers.slice(0, options.repeat).map((login) => ({ login, text: `${keyword} again` })),
  );
  const chatters = await waitFor(
    async () => {
      const list = await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`);
      // The demo chat may add its own chatters; ours are the ones that matter.
      const ours = list.filter((chatter) => viewers.includes(chatter.username));
      // In the viewers' order: lines sent together can share a first-seen millisecond, and the
      // list breaks such ties by random id, so "the first N" must not depend on the list.
      return ours.length === viewers.length
        ? viewers.map((login) => ours.find((chatter) => chatter.username === login)!)
        : null;
    },
    { what: 'the viewers in the session', timeoutMs: 20_000 },
  );
  for (const chatter of chatters.slice(0, options.greet)) {
    await api(page, 'PUT', `/api/chatters/${chatter.id}/greet`, { isGreeted: true });
  }
  return { session, chatters };
}

export const me = (page: Page) => api<UserDto>(page, 'GET', '/auth/me');
export const listSessions = (page: Page) => api<SessionDto[]>(page, 'GET', '/api/sessions');

/** Saves a full-page PNG under test-artifacts/e2e-screenshots/. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Wait for web fonts and lazy chunks to settle so the picture shows the finished screen.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A full-page picture of a scrolled page draws the sticky header where the viewport was.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/** The streamer and a global editor of theirs, each signed in on a page of their own. */
export interface StreamerAndEditor {
  ownerContext: BrowserContext;
  owner: Page;
  editorContext: BrowserContext;
  editor: Page;
}

/**
 * Signs in demo_streamer (dark theme) and `editorLogin` (light theme, by consent), and makes
 * the latter a global editor of the former's sessions through the invite routes.
 */
export async function signInStreamerAndEditor(
  browser: Browser,
  app: Standalone,
  editorLogin: string,
  errors: string[],
): Promise<StreamerAndEditor> {
  const ownerContext = await newContext(browser, { bypassCSP: true, height: 900 });
  const owner = await ownerContext.newPage();
  collectPageErrors(owner, errors);
  await signInQuickly(owner, app, 'demo_streamer');
  const editorContext = await newContext(browser, { theme: 'light', bypassCSP: true, height: 900 });
  const editor = await editorContext.newPage();
  collectPageErrors(editor, errors);
  await signInByConsent(editor, app, editorLogin);
  await api(owner, 'POST', '/api/global-editors/invite', { username: editorLogin, role: 'editor' });
  const invites = await api<GlobalEditorInviteDto[]>(editor, 'GET', '/api/global-editor-invites');
  const invite = invites.find((item) => item.status === 'pending');
  if (!invite) throw new Error('no invite reached the editor');
  await api(editor, 'PUT', `/api/global-editor-invites/${invite.id}`, { status: 'accepted' });
  return { ownerContext, owner, editorContext, editor };
}
