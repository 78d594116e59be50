import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import type {
  GlobalEditorInviteDto,
  ServerMessage,
  SessionClaims,
  SessionDto,
  SessionPresence,
} from '@greetboard/contracts';
import { startServiceApp } from '@greetboard/service-kit';
import { SessionsModule } from '@greetboard/sessions';
import {
  freePort,
  startProgram,
  TEST_INFRASTRUCTURE,
  waitFor,
  type RunningProgram,
} from '@greetboard/testing';
import { createDurableStreams, type DurableStreams } from '@greetboard/transport';
import { WebSocket } from 'ws';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

/** A live socket that keeps the last presence and claims it heard. */
interface Listener {
  socket: WebSocket;
  presence?: SessionPresence;
  claims?: SessionClaims;
  send(type: string, payload: object): void;
}

/**
 * Presence and soft claims (ADR 0034) across two gateway replicas on real NATS and Redis: one
 * gateway in this process, one as a process of its own, the real sessions service deciding who
 * may join. The streamer's socket is at one gateway, the editor's at the other; each sees the
 * other and the other's claim, and a gateway killed without a goodbye drops out once its
 * heartbeats stop.
 */
describe('presence across two gateway replicas', () => {
  let stack: AuthStack;
  let streams: DurableStreams;
  let sessions: INestMicroservice;
  let other: RunningProgram;
  let otherUrl: string;
  let owner: Browser;
  let editor: Browser;
  let session: SessionDto;
  const ids = { owner: '', editor: '' };
  const sockets: WebSocket[] = [];

  const listen = async (base: string, browser: Browser): Promise<Listener> => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { Cookie: browser.cookieHeader(), Origin: new URL(stack.url).origin },
    });
    sockets.push(socket);
    const listener: Listener = {
      socket,
      send: (type, payload) => socket.send(JSON.stringify({ type, payload })),
    };
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as ServerMessage;
      if (message.type === 'presence_update') listener.presence = message.payload;
      if (message.type === 'claims_update') listener.claims = message.payload;
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return listener;
  };
  const present = (listener: Listener) => (listener.presence?.users ?? []).map((u) => u.id).sort();
  const claimedBy = (listener: Listener) =>
    (listener.claims?.claims ?? []).map((c) => `${c.user.id}:${c.chatterId}`);

  beforeAll(async () => {
    stack = await startAuthStack({ transport: 'nats', adminLogins: ['presence_owner'] });
    // The real sessions service on the stack's bus: it decides who may join a session's room.
    streams = await createDurableStreams(stack.transport);
    sessions = await startServiceApp(
      'sessions',
      SessionsModule.register({
        transport: stack.transport,
        database: { kind: 'postgres', url: stack.database.url, poolSize: 2 },
        streams,
      }),
      stack.transport,
      'warn',
    );
    const port = await freePort();
    otherUrl = `http://127.0.0.1:${port}`;
    other = startProgram('services/gateway/dist/main.js', {
      LOG_LEVEL: 'warn',
      NATS_URL: stack.transport.kind === 'nats' ? stack.transport.url : '',
      INSTALLATION_PREFIX: stack.transport.prefix ?? '',
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
      PUBLIC_URL: stack.url,
    });
    await waitFor(
      async () => (await fetch(`${otherUrl}/healthz`).catch(() => undefined))?.status === 200,
      { timeoutMs: 20_000, what: 'the second gateway' },
    );

    owner = await signedInBrowser(stack, 'presence_owner');
    editor = await signedInBrowser(stack, 'presence_editor');
    ids.owner = ((await owner.api(stack.url, 'GET', '/auth/me')).body as { id: string }).id;
    ids.editor = ((await editor.api(stack.url, 'GET', '/auth/me')).body as { id: string }).id;
    // Sessions knows both users once auth's events reached its projection.
    await waitFor(
      async () =>
        (
          await owner.api(stack.url, 'POST', '/api/global-editors/invite', {
            username: 'presence_editor',
            role: 'editor',
          })
        ).status === 201,
      { timeoutMs: 20_000, what: 'the invite' },
    );
    const invites = (await editor.api(stack.url, 'GET', '/api/global-editor-invites'))
      .body as GlobalEditorInviteDto[];
    const invite = invites.find((item) => item.status === 'pending');
    expect(invite).toBeDefined();
    const answer = await editor.api(stack.url, 'PUT', `/api/global-editor-invites/${invite?.id}`, {
      status: 'accepted',
    });
    expect(answer.status).toBe(200);
    const created = await owner.api(stack.url, 'POST', '/api/sessions', { name: 'Presence' });
    expect(created.status).toBe(201);
    session = created.body as SessionDto;
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await other?.stop('SIGKILL');
    await sessions?.close();
    await streams?.close();
    await stack?.close();
  });

  it('shows each user to the other across replicas, and claims too; a killed replica lapses', async () => {
    const ownerHere = await listen(stack.url, owner);
    const editorThere = await listen(otherUrl, editor);
    const editorSecondTab = await listen(otherUrl, editor);
    const both = [ids.owner, ids.editor].sort();
    ownerHere.send('join_session', { sessionId: session.id });
    editorThere.send('join_session', { sessionId: session.id });
    editorSecondTab.send('join_session', { sessionId: session.id });
    await waitFor(() => JSON.stringify(present(ownerHere)) === JSON.stringify(both), {
      timeoutMs: 10_000,
      what: 'the editor at the other gateway in the owner view',
    });
    await waitFor(() => JSON.stringify(present(editorThere)) === JSON.stringify(both), {
      timeoutMs: 10_000,
      what: 'the owner at this gateway in the editor view',
    });

    const chatterId = randomUUID();
    editorThere.send('claim_chatter', { sessionId: session.id, chatterId });
    await waitFor(() => claimedBy(ownerHere).includes(`${ids.editor}:${chatterId}`), {
      timeoutMs: 10_000,
      what: 'the editor claim at the other gateway',
    });
    editorThere.send('release_chatter', { sessionId: session.id });
    await waitFor(() => claimedBy(ownerHere).length === 0, {
      timeoutMs: 10_000,
      what: 'the release',
    });
    // A bad claim is dropped; the socket stays open.
    editorThere.send('claim_chatter', { sessionId: session.id, chatterId: 'not-a-uuid' });
    ownerHere.send('claim_chatter', { sessionId: session.id, chatterId });
    await waitFor(() => claimedBy(editorThere).includes(`${ids.owner}:${chatterId}`), {
      timeoutMs: 10_000,
      what: 'the owner claim at this gateway',
    });
    expect(editorThere.socket.readyState).toBe(WebSocket.OPEN);
    ownerHere.send('release_chatter', { sessionId: session.id });

    // The editor claims again, then their gateway dies without a word.
    editorThere.send('claim_chatter', { sessionId: session.id, chatterId });
    await waitFor(() => claimedBy(ownerHere).includes(`${ids.editor}:${chatterId}`), {
      timeoutMs: 10_000,
      what: 'the second editor claim',
    });
    await other.stop('SIGKILL');
    const killedAt = Date.now();
    await waitFor(() => JSON.stringify(present(ownerHere)) === JSON.stringify([ids.owner]), {
      timeoutMs: 25_000,
      what: 'the killed gateway lapsing',
    });
    // Not before three heartbeats were missed (15 s less the one just sent).
    expect(Date.now() - killedAt).toBeGreaterThan(8_000);
    expect(claimedBy(ownerHere)).toEqual([]);
  }, 90_000);
});
