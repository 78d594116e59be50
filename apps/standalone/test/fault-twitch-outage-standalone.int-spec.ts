import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatterDto, SessionDto } from '@greetboard/contracts';
import { startDemoRuntime, waitFor, type DemoRuntime } from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';
import {
  expectRecoveryFromOutage,
  expectRecoveryFromSlowJoins,
  joinedChannels,
  OUTAGE_MS,
  type ChatUnderTest,
} from './twitch-recovery.js';

/**
 * Twitch slow to answer JOINs, then unreachable for three minutes, against the standalone
 * runtime (one process, its built-in Twitch emulator) with three streamers live. After each
 * fault every channel must be joined again within 10 s of Twitch answering, and chat sent
 * from then on counted exactly, as the streamer's chatter list shows it (figures in the
 * `[recovery]` lines of the output).
 */
const STREAMERS = ['demo_streamer', 'second_streamer', 'third_streamer'];

let runtime: DemoRuntime;
let chat: ChatUnderTest;

beforeAll(async () => {
  runtime = await startDemoRuntime({ name: 'twitch-outage' });
  const admin = new Browser();
  await signInDemo(runtime, admin, 'demo_streamer');
  const sessions = new Map<string, { browser: Browser; sessionId: string }>();
  for (const login of STREAMERS) {
    const browser = login === 'demo_streamer' ? admin : new Browser();
    if (browser !== admin) {
      await runtime.control('POST', '/control/users', { login });
      const id = await signInDemo(runtime, browser, login);
      expect((await admin.api(runtime.base, 'POST', `/api/admin/users/${id}/approve`)).status).toBe(
        200,
      );
    }
    // The sessions service learns of the approval from auth's events a moment later.
    const session = await waitFor(
      async () => {
        const created = await browser.api(runtime.base, 'POST', '/api/sessions', {
          name: 'Outage stream',
          keywords: '[]',
        });
        return created.status === 201 ? (created.body as SessionDto) : undefined;
      },
      { timeoutMs: 20_000, what: `a session of ${login}` },
    );
    sessions.set(login, { browser, sessionId: session.id });
  }
  chat = {
    emulatorUrl: runtime.emulatorUrl,
    channels: STREAMERS,
    counts: async (channel) => {
      const { browser, sessionId } = sessions.get(channel) ?? { browser: admin, sessionId: '' };
      const list = await browser.api(runtime.base, 'GET', `/api/sessions/${sessionId}/chatters`);
      if (list.status !== 200) throw new Error(`chatters of #${channel}: ${list.status}`);
      return Object.fromEntries(
        (list.body as ChatterDto[]).map((chatter) => [chatter.username, chatter.messageCount]),
      );
    },
  };
  await waitFor(
    async () => {
      const joined = await joinedChannels(chat.emulatorUrl);
      return STREAMERS.every((channel) => joined.has(channel));
    },
    { timeoutMs: 30_000, what: 'chat-ingest to join every channel' },
  );
  // The boot alone may take up to two minutes on a loaded machine.
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
}, 60_000);

describe('the standalone runtime when Twitch is slow or away', () => {
  it('counts chat after every JOIN was answered 2.5 s late', async () => {
    await expectRecoveryFromSlowJoins(chat, 'standalone');
  }, 90_000);

  it(
    'counts chat after Twitch was unreachable for three minutes',
    async () => {
      await expectRecoveryFromOutage(chat, 'standalone');
    },
    OUTAGE_MS + 90_000,
  );
});
