import { connect, type Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { WebSocket } from 'ws';
import {
  DEFAULT_CLIENT,
  startTwitchEmulator,
  type TwitchEmulator,
  type TwitchEmulatorOptions,
} from '../src/index.js';

export const CLIENT = DEFAULT_CLIENT;
export const REDIRECT_URI = CLIENT.redirectUris[0] ?? '';

/** An emulator on ephemeral ports so parallel test files never collide. */
export function startTestEmulator(options: TwitchEmulatorOptions = {}): Promise<TwitchEmulator> {
  return startTwitchEmulator({ httpPort: 0, ircPort: 0, ...options });
}

export interface JsonResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

/** JSON request to the emulator; `body` strings are sent verbatim (for malformed-input tests). */
export async function request(
  emulator: TwitchEmulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const response = await fetch(`${emulator.httpUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON bodies (HTML, empty) stay as text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Polls until the check passes or the deadline expires; the last failure is rethrown. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A minimal IRC client over TCP or WebSocket that records every line (and raw bytes) it receives. */
export class RawIrcClient {
  readonly lines: string[] = [];
  /** Every byte received, in order. */
  readonly bytes: Buffer[] = [];
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';
  private readonly waiters: (() => void)[] = [];
  closed = false;

  private constructor(private readonly transport: Socket | WebSocket) {}

  static tcp(emulator: TwitchEmulator): Promise<RawIrcClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(emulator.ircTcpPort, '127.0.0.1');
      const client = new RawIrcClient(socket);
      socket.on('data', (chunk: Buffer) => client.onData(chunk));
      socket.on('close', () => client.onClose());
      socket.once('error', reject);
      socket.once('connect', () => resolve(client));
    });
  }

  static ws(emulator: TwitchEmulator): Promise<RawIrcClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(emulator.ircWsUrl, 'irc');
      const client = new RawIrcClient(socket);
      socket.on('message', (data: Buffer) => client.onData(data));
      socket.on('close', () => client.onClose());
      socket.once('error', reject);
      socket.once('open', () => resolve(client));
    });
  }

  send(...lines: string[]): void {
    const payload = lines.map((line) => `${line}\r\n`).join('');
    if (this.transport instanceof WebSocket) this.transport.send(payload);
    else this.transport.write(payload);
  }

  /** Sends raw bytes as they are (for partial-line tests). */
  sendRaw(data: string): void {
    if (this.transport instanceof WebSocket) this.transport.send(data);
    else this.transport.write(data);
  }

  /** Resolves with the first received line matching, waiting for it if needed. */
  async waitForLine(matches: (line: string) => boolean, timeoutMs = 5000): Promise<string> {
    await this.waitUntil(() => this.lines.some(matches), timeoutMs, 'a matching line');
    return this.lines.find(matches) as string;
  }

  waitUntil(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`timed out waiting for ${what}; received:\n${this.lines.join('\n')}`));
      }, timeoutMs);
      const check = (): void => {
        if (condition()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  close(): void {
    if (this.transport instanceof WebSocket) this.transport.terminate();
    else this.transport.destroy();
  }

  private onData(chunk: Buffer): void {
    this.bytes.push(chunk);
    const parts = (this.partial + this.decoder.write(chunk)).split('\r\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  private onClose(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** Logs a raw client in (anonymously unless a token is given) and waits for the end of the welcome. */
export async function login(
  client: RawIrcClient,
  token?: string,
  nick = 'justinfan12345',
): Promise<void> {
  client.send('CAP REQ :twitch.tv/tags twitch.tv/commands twitch.tv/membership');
  if (token) client.send(`PASS oauth:${token}`);
  client.send(`NICK ${nick}`);
  await client.waitForLine((line) => / 376 /.test(line));
}

/** Creates a user and a chat token for it through the control API. */
export async function userWithToken(
  emulator: TwitchEmulator,
  loginName: string,
  scopes = ['chat:read', 'chat:edit'],
): Promise<{ id: string; token: string }> {
  const created = await request(emulator, 'POST', '/control/users', { login: loginName });
  const token = await request(emulator, 'POST', '/control/tokens', { login: loginName, scopes });
  return {
    id: (created.body as { id: string }).id,
    token: (token.body as { access_token: string }).access_token,
  };
}

export interface IrcClientInfo {
  id: string;
  nick: string;
  authenticated: boolean;
  channels: string[];
  pendingJoins: string[];
  unansweredJoins: string[];
}

/** The emulator's view of the connection with this nick, from `GET /control/clients`. */
export async function clientInfo(emulator: TwitchEmulator, nick: string): Promise<IrcClientInfo> {
  const list = (await request(emulator, 'GET', '/control/clients')).body as {
    data: IrcClientInfo[];
  };
  const info = list.data.find((entry) => entry.nick === nick);
  if (!info) throw new Error(`no client with nick ${nick} is connected`);
  return info;
}

/**
 * Sends a PING and waits for its PONG: every line the server queued for the client before it
 * read the PING has then arrived, so what has not arrived was not sent.
 */
export async function sync(client: RawIrcClient, label: string): Promise<void> {
  client.send(`PING :${label}`);
  await client.waitForLine((line) => line.endsWith(`PONG tmi.twitch.tv :${label}`));
}
