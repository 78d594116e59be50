import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import type { ServerMessage, SessionDto } from '@greetboard/contracts';
import {
  freePort,
  startDemoRuntime,
  waitFor,
  type DemoRuntime,
  type RunningProgram,
} from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';

/** A live socket that records what it receives and how it ended. */
class LiveClient {
  static readonly opened: LiveClient[] = [];
  readonly received: ServerMessage[] = [];
  closed?: { code: number; reason: string };

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) =>
      this.received.push(JSON.parse(data.toString()) as ServerMessage),
    );
    socket.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  static async open(url: string, headers: Record<string, string>): Promise<LiveClient> {
    const socket = new WebSocket(url, { headers });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const client = new LiveClient(socket);
    LiveClient.opened.push(client);
    return client;
  }

  send(type: string, payload: unknown) {
    this.socket.send(JSON.stringify({ type, payload }));
  }

  /** Session events of one type about one session. */
  sessionEvents(type: ServerMessage['type'], sessionId: string): SessionDto[] {
    return this.received
      .filter((m) => m.type === type)
      .map((m) => m.payload as SessionDto)
      .filter((session) => session.id === sessionId);
  }

  /** Waits for a session event, with exactly these keywords when they are given. */
  until(type: ServerMessage['type'], sessionId: string, keywords?: string[]) {
    const wanted = keywords && JSON.stringify(keywords);
    return waitFor(
      () => this.sessionEvents(type, sessionId).find((s) => !wanted || s.keywords === wanted),
      { what: `${type} of session ${sessionId} ${wanted ?? ''}` },
    );
  }

  chatter(login: string) {
    return this.received.find(
      (m) => m.type === 'new_chatter' && (m.payload as { username: string }).username === login,
    );
  }

  closedWith() {
    return waitFor(() => this.closed, { what: 'the socket to close' });
  }
}

/** The HTTP status with which the server refuses the upgrade. */
function refusedUpgrade(url: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
    socket.on('error', reject);
  });
}

describe('the live channel at /ws over a real socket', () => {
  let runtime: DemoRuntime;
  let program: RunningProgram;
  let base: string;
  let origin: string;
  let wsUrl: string;
  const streamer = new Browser();
  const stranger = new Browser();
  const editor = new Browser();
  let streamerId: string;
  let strangerId: string;
  let own: SessionDto;
  let strangers: SessionDto;

  const control = (method: string, route: string, body?: unknown) =>
    runtime.control(method, route, body);
  const signIn = (browser: Browser, login: string) => signInDemo(runtime, browser, login);
  const open = (browser: Browser) =>
    LiveClient.open(wsUrl, { Cookie: browser.cookieHeader(), Origin: origin });
  const sessionOf = async (browser: Browser, id: string) => {
    const list = await browser.api(base, 'GET', '/api/sessions');
    expect(list.status).toBe(200);
    return (list.body as SessionDto[]).find((session) => session.id === id);
  };
  const keywordsOf = async (browser: Browser, id: string) =>
    JSON.parse((await sessionOf(browser, id))?.keywords ?? 'null') as unknown;
  let metricsPort: number;
  /** Live messages refused so far for `reason` (a counter, never a log line each). */
  const refusedCount = async (reason: string) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const line = text
      .split('\n')
      .find(
        (row) =>
          row.startsWith('greetboard_live_messages_refused_total{') &&
          row.includes(`reason="${reason}"`),
      );
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  /** Sends a command and waits for the gateway to count it refused (not allowed). */
  const expectRefused = async (socket: LiveClient, type: string, payload: unknown) => {
    const before = await refusedCount('not_allowed');
    socket.send(type, payload);
    await waitFor(async () => (await refusedCount('not_allowed')) > before, {
      what: `${type} refused`,
    });
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    runtime = await startDemoRuntime({
      name: 'live-channel',
      env: { METRICS_PORT: String(metricsPort) },
    });
    ({ program, base, origin, wsUrl } = runtime);

    streamerId = await signIn(streamer, 'demo_streamer');
    await control('POST', '/control/users', { login: 'other_streamer' });
    await control('POST', '/control/users', { login: 'helpful_editor' });
    strangerId = await signIn(stranger, 'other_streamer');
    await signIn(editor, 'helpful_editor');
    const approved = await streamer.api(base, 'POST', `/api/admin/users/${strangerId}/approve`);
    expect(approved.status).toBeLessThan(300);

    const create = async (browser: Browser, name: string) => {
      const created = await browser.api(base, 'POST', '/api/sessions', { name, keywords: '[]' });
      expect(created.status).toBe(201);
      return created.body as SessionDto;
    };
    own = await create(streamer, 'Own Stream');
    strangers = await create(stranger, 'Other Stream');

    const invite = await waitFor(
      async () => {
        const answer = await streamer.api(base, 'POST', '/api/global-editors/invite', {
          username: 'helpful_editor',
          role: 'editor',
        });
        return answer.status === 201 ? (answer.body as { id: string }) : undefined;
      },
      { what: 'the editor invite' },
    );
    const accepted = await editor.api(base, 'PUT', `/api/global-editor-invites/${invite.id}`, {
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
  }, 90_000);

  afterEach(() => {
    for (const client of LiveClient.opened.splice(0)) client.socket.terminate();
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it('refuses the upgrade without a live session cookie (401) or from a foreign origin (403)', async () => {
    const cookie = streamer.cookieHeader();
    const unknown = `greetboard_session=${randomBytes(32).toString('base64url')}`;
    for (const [headers, status] of [
      [{ Origin: origin }, 401],
      [{ Origin: origin, Cookie: unknown }, 401],
      [{ Origin: origin, Cookie: 'greetboard_session=x' }, 401],
      [{ Origin: 'https://evil.example', Cookie: cookie }, 403],
      [{ Origin: base, Cookie: cookie }, 403],
      [{ Cookie: cookie }, 403],
    ] as const) {
      // Paired with its headers, so a failure says which upgrade got through.
      expect([headers, await refusedUpgrade(wsUrl, headers)]).toEqual([headers, status]);
    }
    expect((await open(streamer)).socket.readyState).toBe(WebSocket.OPEN);
  });

  it("closes the sockets of the browser that logs out (4001), and no one else's", async () => {
    await control('POST', '/control/users', { login: 'two_tabs' });
    const laptop = new Browser();
    const phone = new Browser();
    await signIn(laptop, 'two_tabs');
    await signIn(phone, 'two_tabs');
    const phoneCookie = phone.cookieHeader();
    const [laptopSocket, phoneSocket] = [await open(laptop), await open(phone)];
    const someoneElse = await open(streamer);
    expect((await laptop.api(base, 'POST', '/auth/logout')).status).toBe(200);
    expect(await laptopSocket.closedWith()).toEqual({ code: 4001, reason: 'Signed out' });
    // Logout ends this browser's session only; signing out everywhere ends the phone's too.
    expect(phoneSocket.closed).toBeUndefined();
    expect((await phone.api(base, 'POST', '/auth/logout-everywhere')).status).toBe(200);
    expect(await phoneSocket.closedWith()).toEqual({ code: 4001, reason: 'Signed out' });
    expect(await refusedUpgrade(wsUrl, { Origin: origin, Cookie: phoneCookie })).toBe(401);

    someoneElse.send('update_keywords', { sessionId: own.id, keywords: ['after-logout'] });
    await someoneElse.until('session_updated', own.id, ['after-logout']);
    expect(someoneElse.closed).toBeUndefined();
  });

  it('ignores auth with the own user id and closes the socket (1008) when it names another', async () => {
    const socket = await open(streamer);
    socket.send('auth', { userId: streamerId });
    socket.send('update_keywords', { sessionId: own.id, keywords: ['after-auth'] });
    await socket.until('session_updated', own.id, ['after-auth']);
    expect(socket.closed).toBeUndefined();

    socket.send('auth', { userId: strangerId });
    expect(await socket.closedWith()).toEqual({
      code: 1008,
      reason: 'User does not match the signed-in session',
    });
  });

  it("joins the own session but never another streamer's", async () => {
    const owner = await open(streamer);
    const outsider = await open(stranger);
    await expectRefused(outsider, 'join_session', { sessionId: own.id });
    outsider.send('join_session', { sessionId: strangers.id });
    owner.send('join_session', { sessionId: own.id });

    // Commands without a session id act on the only joined room: they land once the join has.
    await waitFor(
      () => {
        owner.send('update_keywords', { keywords: ['joined-own'] });
        outsider.send('update_keywords', { keywords: ['only-other'] });
        return (
          owner.sessionEvents('session_updated', own.id).length > 0 &&
          outsider.sessionEvents('session_updated', strangers.id).length > 0
        );
      },
      { intervalMs: 500, what: 'both joins' },
    );
    expect(await keywordsOf(streamer, own.id)).toEqual(['joined-own']);
    expect(await keywordsOf(stranger, strangers.id)).toEqual(['only-other']);

    // The owner's session changes while the outsider asked to be in it; the outsider's own
    // later change is the marker that anything sent before it has arrived.
    const changed = await streamer.api(base, 'PUT', `/api/sessions/${own.id}`, {
      keywords: JSON.stringify(['while-outsider-waits']),
    });
    expect(changed.status).toBe(200);
    await chat('room_probe', 'while-outsider-waits');
    await waitFor(() => owner.chatter('room_probe'), { what: "the owner's new_chatter" });
    outsider.send('update_keywords', { keywords: ['marker'] });
    await outsider.until('session_updated', strangers.id, ['marker']);
    expect(outsider.received.filter((m) => JSON.stringify(m).includes(own.id))).toEqual([]);
  });

  it('starts and stops a session only for its owner', async () => {
    const owner = await open(streamer);
    const editorSocket = await open(editor);
    const outsider = await open(stranger);

    owner.send('stop_session', { sessionId: own.id });
    expect(await owner.until('session_stopped', own.id)).toMatchObject({ isActive: false });
    await editorSocket.until('session_stopped', own.id);
    const stopped = await sessionOf(streamer, own.id);
    expect(stopped).toMatchObject({ isActive: false, endedAt: expect.any(String) });

    // An editor is refused; to a stranger the session does not exist.
    const nonOwners = [editorSocket, outsider];
    for (const socket of nonOwners) {
      await expectRefused(socket, 'start_session', { sessionId: own.id });
    }
    expect(await sessionOf(streamer, own.id)).toMatchObject({ isActive: false });

    owner.send('start_session', { sessionId: own.id, keywords: ['restarted'] });
    expect(await owner.until('session_started', own.id)).toMatchObject({ isActive: true });
    expect(await sessionOf(streamer, own.id)).toMatchObject({
      isActive: true,
      endedAt: null,
      keywords: JSON.stringify(['restarted']),
    });

    for (const socket of nonOwners) {
      await expectRefused(socket, 'stop_session', { sessionId: own.id });
    }
    expect(await sessionOf(streamer, own.id)).toMatchObject({ isActive: true });
    expect(owner.sessionEvents('session_stopped', own.id)).toHaveLength(1);
  });

  it('lets a socket opened before approval start sessions once the admin approves', async () => {
    const newcomer = new Browser();
    await control('POST', '/control/users', { login: 'late_approval' });
    const newcomerId = await signIn(newcomer, 'late_approval');
    const socket = await open(newcomer);
    const approved = await streamer.api(base, 'POST', `/api/admin/users/${newcomerId}/approve`);
    expect(approved.status).toBeLessThan(300);
    await waitFor(() => socket.received.some((m) => m.type === 'user_approved'), {
      what: 'user_approved on the open socket',
    });
    const created = await newcomer.api(base, 'POST', '/api/sessions', {
      name: 'Approved Stream',
      keywords: '[]',
    });
    expect(created.status).toBe(201);
    const session = created.body as SessionDto;
    socket.send('stop_session', { sessionId: session.id });
    await socket.until('session_stopped', session.id);
    // The socket checks who the user is now, as REST does: approved since it opened.
    socket.send('start_session', { sessionId: session.id });
    expect(await socket.until('session_started', session.id)).toMatchObject({ isActive: true });
    expect(await sessionOf(newcomer, session.id)).toMatchObject({ isActive: true });
  });

  it("changes the session's keywords for the owner only", async () => {
    const owner = await open(streamer);
    const editorSocket = await open(editor);
    owner.send('update_keywords', { sessionId: own.id, keywords: ['giveaway', '!raffle'] });
    await owner.until('session_updated', own.id, ['giveaway', '!raffle']);
    expect(await keywordsOf(streamer, own.id)).toEqual(['giveaway', '!raffle']);
    // The chat pipeline uses them at once.
    await chat('raffle_fan', 'Is the GIVEAWAY still on?');
    await waitFor(() => owner.chatter('raffle_fan'), { what: 'the keyword line as new_chatter' });

    await expectRefused(editorSocket, 'update_keywords', {
      sessionId: own.id,
      keywords: ['editor-words'],
    });
    expect(await keywordsOf(streamer, own.id)).toEqual(['giveaway', '!raffle']);
  });

  it('closes a socket with 1009 for a message over 4 KB', async () => {
    const socket = await open(streamer);
    const padded = (bytes: number) => {
      const head = '{"type":"padding","payload":{"text":"';
      return `${head}${'a'.repeat(bytes - head.length - 3)}"}}`;
    };
    expect(Buffer.byteLength(padded(4096))).toBe(4096);
    socket.socket.send(padded(4096));
    socket.send('update_keywords', { sessionId: own.id, keywords: ['after-4096'] });
    await socket.until('session_updated', own.id, ['after-4096']);

    socket.socket.send(padded(4097));
    expect((await socket.closedWith()).code).toBe(1009);
  });

  it('closes a socket with 4029 once it sends more than 30 messages in 10 s', async () => {
    const socket = await open(streamer);
    for (let i = 0; i < 29; i++) socket.send('leave_session', {});
    socket.send('update_keywords', { sessionId: own.id, keywords: ['thirtieth'] });
    await socket.until('session_updated', own.id, ['thirtieth']);
    expect(socket.closed).toBeUndefined();

    socket.send('leave_session', {});
    expect(await socket.closedWith()).toEqual({ code: 4029, reason: 'Too many messages' });
  });

  it('drops malformed JSON, unknown types and invalid payloads and stays open', async () => {
    const socket = await open(streamer);
    const before = { invalid: await refusedCount('invalid'), binary: await refusedCount('binary') };
    for (const text of [
      'not json',
      'null',
      '[1,2]',
      '{"type":"delete_everything","payload":{}}',
      '{"type":"join_session","payload":"nope"}',
      JSON.stringify({ type: 'update_keywords', payload: { sessionId: own.id, keywords: 'x' } }),
      JSON.stringify({ type: 'stop_session', payload: { sessionId: own.id, extra: true } }),
    ]) {
      socket.socket.send(text);
    }
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await waitFor(
      async () =>
        (await refusedCount('invalid')) === before.invalid + 7 &&
        (await refusedCount('binary')) === before.binary + 1,
      { what: 'the dropped messages counted' },
    );
    // Counted, never logged one line each.
    expect(program.output()).not.toMatch(/Dropped a|not JSON/);
    socket.send('update_keywords', { sessionId: own.id, keywords: ['still-open'] });
    await socket.until('session_updated', own.id, ['still-open']);
    expect(socket.closed).toBeUndefined();
    expect(await sessionOf(streamer, own.id)).toMatchObject({
      isActive: true,
      keywords: JSON.stringify(['still-open']),
    });
  });

  /** A line in the streamer's chat, once chat-ingest reads the channel. */
  async function chat(login: string, text: string) {
    const channel = 'demo_streamer';
    await runtime.waitForChannelJoined(channel);
    await control('POST', `/control/channels/${channel}/messages`, { messages: [{ login, text }] });
  }
});
