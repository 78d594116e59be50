import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { SessionAnnouncer } from '@greetboard/auth';
import {
  LIVE_EVENTS,
  emitEvent,
  type SessionStatusChanged,
  type UserDto,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { InProcessClient, type StreamMessage } from '@greetboard/transport';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { control, signedInBrowser, type Browser } from './sign-in-client.js';

interface LiveMessage {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Twitch took the Send Chat Message request and dropped the session announcement (AutoMod,
 * a duplicate, the channel's settings): the owner's open pages hear why, in Twitch's words,
 * and the OBS overlay hears nothing (ADR 0044).
 */
describe('a session announcement Twitch drops', () => {
  let stack: AuthStack;
  let browser: Browser;
  let owner: UserDto;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    stack = await startAuthStack({ adminLogins: ['dropped_streamer'] });
    browser = await signedInBrowser(stack, 'dropped_streamer');
    owner = (await browser.api(stack.url, 'GET', '/auth/me')).body as UserDto;
    await browser.api(stack.url, 'PUT', '/api/settings', { announceSessionStatus: true });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stack.close();
  });

  /** A live socket to the gateway, recording what it receives once open. */
  async function listen(query = ''): Promise<LiveMessage[]> {
    const received: LiveMessage[] = [];
    const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/ws${query}`, {
      headers: query
        ? { Origin: stack.url }
        : { Cookie: browser.cookieHeader(), Origin: stack.url },
    });
    sockets.push(socket);
    socket.on('message', (data: Buffer) =>
      received.push(JSON.parse(data.toString()) as LiveMessage),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return received;
  }

  /** The sessions service's event for a session of the owner starting (or ending), now. */
  function announce(isActive: boolean): Promise<void> {
    const event: SessionStatusChanged = {
      sessionId: randomUUID(),
      ownerId: owner.id,
      channel: 'dropped_streamer',
      name: 'Late night',
      isActive,
      at: new Date().toISOString(),
    };
    return stack.auth
      .get(SessionAnnouncer)
      .handle([{ subject: 'test', data: event } as StreamMessage<SessionStatusChanged>]);
  }

  it("tells the owner's browser which announcement Twitch dropped and why, and not the overlay", async () => {
    const overlay = (await browser.api(stack.url, 'POST', '/api/overlay-links', { access: 'read' }))
      .body as { token: string };
    const page = await listen();
    const obs = await listen(`?token=${overlay.token}`);
    const fault = await control(stack, 'POST', '/control/faults', {
      kind: 'chat-message-drop',
      count: 1,
      code: 'msg_duplicate',
    });
    expect(fault.status).toBe(200);

    await announce(true);

    const dropped = await waitFor(
      () => page.find((message) => message.type === 'announcement_dropped'),
      { what: 'the announcement_dropped message' },
    );
    expect(dropped.payload).toEqual({
      sessionId: expect.any(String),
      kind: 'session_started',
      code: 'msg_duplicate',
      message: 'Your message was not sent because it is identical to the previous one you sent.',
    });
    // The fault was for one message: the next announcement is posted, and nobody hears of it.
    await announce(false);
    // A message for every socket of the owner, sent after: once the overlay has it, it would
    // have had the dropped announcement's notice before it.
    if (stack.transport.kind !== 'in-process') throw new Error('an in-process stack');
    const bus = new InProcessClient(stack.transport.broker);
    try {
      await emitEvent(bus, LIVE_EVENTS.relay, {
        userIds: [owner.id],
        type: 'user_approved',
        payload: { message: 'marker' },
      });
    } finally {
      bus.close();
    }
    await waitFor(() => obs.some((message) => message.type === 'user_approved'), {
      what: 'the marker on the overlay',
    });
    await waitFor(() => page.some((message) => message.type === 'user_approved'), {
      what: 'the marker on the page',
    });
    expect(page.filter((message) => message.type === 'announcement_dropped')).toHaveLength(1);
    expect(obs.filter((message) => message.type === 'announcement_dropped')).toEqual([]);
  });
});
