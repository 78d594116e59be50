import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import type { ChatterDto, ServerMessage, SessionDto } from '@greetboard/contracts';
import { startDemoRuntime, waitFor, type DemoRuntime } from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';

/** A live socket that records every message it receives. */
class LiveClient {
  readonly received: ServerMessage[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) =>
      this.received.push(JSON.parse(data.toString()) as ServerMessage),
    );
  }

  static async open(base: string, origin: string, cookie: string): Promise<LiveClient> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { Cookie: cookie, Origin: origin },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new LiveClient(socket);
  }

  send(type: string, payload: unknown) {
    this.socket.send(JSON.stringify({ type, payload }));
  }

  chatters(type: 'new_chatter' | 'chatter_update', login: string): ChatterDto[] {
    return this.received
      .filter((m) => m.type === type)
      .map((m) => m.payload as ChatterDto)
      .filter((chatter) => chatter.username === login);
  }
}

describe('the live pipeline: Twitch chat → chat-ingest → sessions → /ws', () => {
  let runtime: DemoRuntime;
  let base: string;
  let origin: string;
  const streamer = new Browser();
  let session: SessionDto;
  let dashboard: LiveClient;
  let overlay: LiveClient;

  const api = (method: string, route: string, body?: unknown) =>
    streamer.api(base, method, route, body);
  const control = (route: string, body: unknown) => runtime.control('POST', route, body);
  const chat = (login: string, text: string) =>
    control('/control/channels/demo_streamer/messages', { messages: [{ login, text }] });
  const signIn = (browser: Browser, login: string) => signInDemo(runtime, browser, login);

  beforeAll(async () => {
    runtime = await startDemoRuntime({ name: 'pipeline' });
    ({ base, origin } = runtime);

    await signIn(streamer, 'demo_streamer');

    const created = await api('POST', '/api/sessions', { name: 'Pipeline Stream', keywords: '[]' });
    expect(created.status).toBe(201);
    session = created.body as SessionDto;
    expect(session.isActive).toBe(true);

    dashboard = await LiveClient.open(base, origin, streamer.cookieHeader());
    overlay = await LiveClient.open(base, origin, streamer.cookieHeader());
    for (const client of [dashboard, overlay])
      client.send('join_session', { sessionId: session.id });

    // chat-ingest joins the channel once the session is active.
    await runtime.waitForChannelJoined('demo_streamer');
    // The boot alone may take up to two minutes on a loaded machine.
  }, 150_000);

  afterAll(async () => {
    dashboard?.socket.close();
    overlay?.socket.close();
    await runtime?.stop();
  });

  it('shows a new chatter on the dashboard and the overlay at once', async () => {
    await chat('pipeline_viewer', 'hello stream!');
    await waitFor(
      () =>
        dashboard.chatters('new_chatter', 'pipeline_viewer').length === 1 &&
        overlay.chatters('new_chatter', 'pipeline_viewer').length === 1,
      { what: 'new_chatter on both sockets' },
    );
    expect(dashboard.chatters('new_chatter', 'pipeline_viewer')[0]).toMatchObject({
      sessionId: session.id,
      firstMessage: 'hello stream!',
      messageCount: 1,
      isGreeted: false,
    });
  });

  it('raises the message count of a repeat chatter with chatter_update', async () => {
    await chat('pipeline_viewer', 'second line');
    await waitFor(() => dashboard.chatters('chatter_update', 'pipeline_viewer').length > 0, {
      what: 'chatter_update',
    });
    expect(dashboard.chatters('chatter_update', 'pipeline_viewer').at(-1)?.messageCount).toBe(2);
    const list = await api('GET', `/api/sessions/${session.id}/chatters`);
    const viewer = (list.body as ChatterDto[]).find((c) => c.username === 'pipeline_viewer');
    expect(viewer).toMatchObject({ messageCount: 2, firstMessage: 'hello stream!' });
  });

  it('never lists ignored users, known bots or lines without a session keyword', async () => {
    expect((await api('POST', '/api/ignored-users', { username: 'ignored_viewer' })).status).toBe(
      201,
    );
    await chat('ignored_viewer', 'you cannot see me');
    await chat('nightbot', 'Follow the stream!');
    await chat('marker_one', 'marker');
    await waitFor(() => dashboard.chatters('new_chatter', 'marker_one').length === 1, {
      what: 'marker',
    });
    expect(dashboard.chatters('new_chatter', 'ignored_viewer')).toEqual([]);
    expect(dashboard.chatters('new_chatter', 'nightbot')).toEqual([]);

    const updated = await api('PUT', `/api/sessions/${session.id}`, {
      keywords: JSON.stringify(['giveaway']),
    });
    expect(updated.status).toBe(200);
    await chat('off_topic_viewer', 'just lurking');
    await chat('keyword_viewer', 'Is the GIVEAWAY still on?');
    await waitFor(() => dashboard.chatters('new_chatter', 'keyword_viewer').length === 1, {
      what: 'the keyword line',
    });
    expect(dashboard.chatters('new_chatter', 'off_topic_viewer')).toEqual([]);
  });

  it('stops sending a session’s events to an editor the moment the owner removes them', async () => {
    const editor = new Browser();
    await control('/control/users', { login: 'helpful_mod' });
    await signIn(editor, 'helpful_mod');
    // Every line counts again (the test before set a keyword).
    expect((await api('PUT', `/api/sessions/${session.id}`, { keywords: '[]' })).status).toBe(200);
    // The sessions service learns of the new account from auth's events a moment later.
    const invite = await waitFor(
      async () => {
        const answer = await api('POST', '/api/global-editors/invite', {
          username: 'helpful_mod',
          role: 'editor',
        });
        return answer.status === 201 ? answer : undefined;
      },
      { what: 'the invite to be accepted by the sessions service' },
    );
    const { id: inviteId } = invite.body as { id: string };
    const accepted = await editor.api(base, 'PUT', `/api/global-editor-invites/${inviteId}`, {
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    const editorSocket = await LiveClient.open(base, origin, editor.cookieHeader());
    try {
      editorSocket.send('join_session', { sessionId: session.id });
      await chat('seen_by_editor', 'hi mods');
      await waitFor(() => editorSocket.chatters('new_chatter', 'seen_by_editor').length === 1, {
        what: "the editor's new_chatter",
      });

      const links = (await api('GET', '/api/global-editors')).body as { id: string }[];
      expect(links).toHaveLength(1);
      expect((await api('DELETE', `/api/global-editors/${links[0].id}`)).status).toBe(200);
      await chat('after_removal', 'hello?');
      await waitFor(() => dashboard.chatters('new_chatter', 'after_removal').length === 1, {
        what: "the owner's new_chatter",
      });
      await chat('marker_two', 'marker');
      await waitFor(() => dashboard.chatters('new_chatter', 'marker_two').length === 1, {
        what: 'the marker',
      });
      expect(editorSocket.chatters('new_chatter', 'after_removal')).toEqual([]);
      expect(editorSocket.chatters('new_chatter', 'marker_two')).toEqual([]);
      // Joining again is refused too: the sessions service no longer lets them see it.
      editorSocket.send('join_session', { sessionId: session.id });
      await chat('after_rejoin', 'still there?');
      await waitFor(() => dashboard.chatters('new_chatter', 'after_rejoin').length === 1, {
        what: "the owner's last new_chatter",
      });
      expect(editorSocket.chatters('new_chatter', 'after_rejoin')).toEqual([]);
    } finally {
      editorSocket.socket.close();
    }
  });
});
