import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { LoginAccess, UserDto } from '@greetboard/contracts';
import { MemoryKeyValueStore } from '@greetboard/kv';
import type { BusClient } from '@greetboard/transport';
import type { GatewayAuthSettings } from '../../auth/gateway-auth.settings.js';
import { LiveCommands, parseClientMessage } from '../live-commands.js';
import { LiveConnection } from '../live-connection.js';
import { LiveHub } from '../live-hub.js';
import { LiveLimits } from '../live-limits.js';
import { SessionAccessCache } from '../../sessions/session-access-cache.js';
import type { LivePresence } from './live-presence.js';

const SESSION = '3f1c1f1e-8a4b-4f7e-9a51-4a1b2c3d4e5f';
const CHATTER = '9b7a9e54-1f0a-4d44-8c7b-5c0b2b1d6a11';
const logger = new Logger('test');

/** The live commands with a bus that records every request and a presence that records calls. */
function setUp(access: LoginAccess) {
  const requests: string[] = [];
  const bus = {
    send: (subject: string) => {
      requests.push(subject);
      throw new Error('no bus in this test');
    },
  } as unknown as BusClient;
  const calls: string[] = [];
  const presence = {
    claim: (_: LiveConnection, sessionId: string, chatterId: string) =>
      calls.push(`claim ${sessionId} ${chatterId}`),
    release: (_: LiveConnection, sessionId: string) => calls.push(`release ${sessionId}`),
  } as unknown as LivePresence;
  const limits = new LiveLimits(new MemoryKeyValueStore(), {
    apiRequestsPerMinute: 300,
  } as GatewayAuthSettings);
  const commands = new LiveCommands(bus, new LiveHub(), new SessionAccessCache(), presence, limits);
  const socket = { OPEN: 1, readyState: 1, send: () => undefined, close: () => undefined };
  const user = { id: 'u1', username: 'eve' } as UserDto;
  const connection = new LiveConnection(socket as unknown as WebSocket, user, 'login', access);
  const run = async (text: string) => {
    const message = parseClientMessage(text, logger);
    if (message) await commands.handle(connection, message);
    return message;
  };
  return { run, requests, calls };
}

describe('claim messages on the live channel', () => {
  it('reach presence without a round trip to auth', async () => {
    const { run, requests, calls } = setUp('browser');
    await run(
      JSON.stringify({
        type: 'claim_chatter',
        payload: { sessionId: SESSION, chatterId: CHATTER },
      }),
    );
    await run(JSON.stringify({ type: 'release_chatter', payload: { sessionId: SESSION } }));
    expect(calls).toEqual([`claim ${SESSION} ${CHATTER}`, `release ${SESSION}`]);
    expect(requests).toEqual([]);
  });

  it('are refused to overlay links', async () => {
    const { run, calls } = setUp('overlay-greet');
    await run(
      JSON.stringify({
        type: 'claim_chatter',
        payload: { sessionId: SESSION, chatterId: CHATTER },
      }),
    );
    expect(calls).toEqual([]);
  });

  it('are dropped when malformed', async () => {
    const { run, calls } = setUp('browser');
    const bad = [
      { type: 'claim_chatter', payload: { sessionId: SESSION } },
      { type: 'claim_chatter', payload: { sessionId: SESSION, chatterId: 'nope' } },
      { type: 'claim_chatter', payload: { sessionId: SESSION, chatterId: CHATTER, extra: 1 } },
      { type: 'release_chatter', payload: {} },
    ];
    for (const message of bad) await expect(run(JSON.stringify(message))).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });
});
