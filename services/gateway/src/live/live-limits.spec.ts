import { describe, expect, it } from '@jest/globals';
import type { WebSocket } from 'ws';
import type { UserDto } from '@greetboard/contracts';
import { MemoryKeyValueStore } from '@greetboard/kv';
import type { GatewayAuthSettings } from '../auth/gateway-auth.settings.js';
import { CLOSE, LiveConnection, MESSAGE_WINDOW_MS } from './live-connection.js';
import { LiveLimits, REFUSALS_BEFORE_CLOSE } from './live-limits.js';
import {
  REFUSED_JOIN_TTL_MS,
  REFUSED_JOIN_WINDOW_MS,
  REFUSED_JOINS_PER_WINDOW,
  RefusedJoins,
} from './refused-joins.js';

const SESSION = '3f1c1f1e-8a4b-4f7e-9a51-4a1b2c3d4e5f';

function connectionOf(userId: string) {
  const closes: number[] = [];
  const socket = {
    OPEN: 1,
    CONNECTING: 0,
    readyState: 1,
    send: () => undefined,
    close: (code: number) => closes.push(code),
    terminate: () => undefined,
  };
  const user = { id: userId, username: userId } as UserDto;
  return { connection: new LiveConnection(socket as unknown as WebSocket, user), closes };
}

const limitsOf = (liveMessagesPerUser: number) =>
  new LiveLimits(new MemoryKeyValueStore(), {
    apiRequestsPerMinute: 300,
    liveMessagesPerUser,
  } as GatewayAuthSettings);

describe('live limits', () => {
  it('count a user’s messages in one window, whichever socket sent them', async () => {
    const limits = limitsOf(3);
    const now = 1_000 * MESSAGE_WINDOW_MS;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limits.messageAllowed('u1', now));
    expect(answers).toEqual([true, true, true, false]);
    expect(await limits.messageAllowed('u2', now)).toBe(true);
    expect(await limits.messageAllowed('u1', now + MESSAGE_WINDOW_MS)).toBe(true);
  });

  it('close a socket that keeps sending refused messages, with 4029', () => {
    const limits = limitsOf(60);
    const { connection, closes } = connectionOf('u1');
    for (let i = 0; i < REFUSALS_BEFORE_CLOSE; i++)
      expect(limits.refuse(connection, 'invalid', 'not JSON')).toBe(false);
    expect(closes).toEqual([]);
    expect(limits.refuse(connection, 'invalid', 'not JSON')).toBe(true);
    expect(closes).toEqual([CLOSE.rateLimited]);
  });

  it('never hold the gateway’s own failures against a socket', () => {
    const limits = limitsOf(60);
    const { connection, closes } = connectionOf('u1');
    for (let i = 0; i <= REFUSALS_BEFORE_CLOSE; i++)
      expect(limits.refuse(connection, 'failed', 'join_session: SERVICE_TIMEOUT')).toBe(false);
    expect(closes).toEqual([]);
  });
});

describe('refused joins', () => {
  it('are remembered for a moment per actor', () => {
    const joins = new RefusedJoins();
    const actor = { id: 'u1' };
    joins.add(actor, SESSION, 0);
    expect(joins.has(actor, SESSION, REFUSED_JOIN_TTL_MS - 1)).toBe(true);
    expect(joins.has({ id: 'u1', ownSessionsOnly: true }, SESSION, 1)).toBe(false);
    expect(joins.has({ id: 'u2' }, SESSION, 1)).toBe(false);
    expect(joins.has(actor, SESSION, REFUSED_JOIN_TTL_MS)).toBe(false);
  });

  it('refuse every new join of a user who had many refused in one window', () => {
    const joins = new RefusedJoins();
    const actor = { id: 'u1' };
    const other = '0d5f2c1e-1111-4e7e-9a51-4a1b2c3d4e5f';
    for (let i = 0; i < REFUSED_JOINS_PER_WINDOW - 1; i++) joins.add(actor, `${i}`, 0);
    expect(joins.has(actor, other, 1)).toBe(false);
    joins.add(actor, SESSION, 1);
    expect(joins.has(actor, other, 2)).toBe(true);
    expect(joins.has({ id: 'u2' }, other, 2)).toBe(false);
    expect(joins.has(actor, other, REFUSED_JOIN_WINDOW_MS)).toBe(false);
  });
});
