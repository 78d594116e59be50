import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_CLIENT,
  startTwitchEmulator,
  type DemoChat,
  type TwitchEmulator,
} from '@greetboard/twitch-emulator';

/** The demo streamer: an approved admin, so the demo is usable at once. */
export const DEMO_STREAMER = 'demo_streamer';

export interface DemoTwitch {
  emulator: TwitchEmulator;
  chat: DemoChat;
  /** The Twitch settings that point the product at the emulator. */
  env: {
    TWITCH_CLIENT_ID: string;
    TWITCH_CLIENT_SECRET: string;
    TWITCH_ID_URL: string;
    TWITCH_API_URL: string;
    TWITCH_IRC_URL: string;
    /** Auto-start's EventSub WebSocket: the emulator's, like every other Twitch endpoint. */
    TWITCH_EVENTSUB_URL: string;
    TOKEN_ENCRYPTION_KEY: string;
  };
  close(): Promise<void>;
}

export interface DemoTwitchOptions {
  publicUrl: string;
  dataDir: string;
  httpPort?: number;
  ircPort?: number;
}

/**
 * Demo mode (no TWITCH_CLIENT_ID): the Twitch emulator runs in this process as the product's
 * Twitch, with a demo streamer, a few viewers and a gentle chat in every monitored channel.
 */
export async function startDemoTwitch(options: DemoTwitchOptions): Promise<DemoTwitch> {
  const emulator = await startTwitchEmulator({
    httpPort: options.httpPort ?? 0,
    ircPort: options.ircPort ?? 0,
    clients: [{ ...DEFAULT_CLIENT, redirectUris: [`${options.publicUrl}/auth/twitch/callback`] }],
    users: [DEMO_STREAMER],
    // Twitch keeps the grants it issued across a restart of Greetboard; so does the demo.
    grantsFile: path.resolve(options.dataDir, 'demo-twitch-grants.json'),
  });
  const chat = emulator.createDemoChat();
  chat.start();
  return {
    emulator,
    chat,
    env: {
      TWITCH_CLIENT_ID: DEFAULT_CLIENT.clientId,
      TWITCH_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
      TWITCH_ID_URL: emulator.httpUrl,
      TWITCH_API_URL: emulator.httpUrl,
      TWITCH_IRC_URL: emulator.ircWsUrl,
      TWITCH_EVENTSUB_URL: emulator.eventSubWsUrl,
      TOKEN_ENCRYPTION_KEY: await demoTokenKey(options.dataDir),
    },
    close: async () => {
      chat.stop();
      await emulator.close();
    },
  };
}

/**
 * The demo's token encryption key, generated once and kept under DATA_DIR next to the
 * embedded database, so tokens stored before a restart still decrypt after it.
 */
export async function demoTokenKey(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, 'demo-token-encryption.key');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (Buffer.from(existing, 'base64').length === 32) return existing;
  } catch {
    // Not there yet: generated below.
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}
