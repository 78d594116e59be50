import { describe, expect, it } from '@jest/globals';
import type { ChannelJoinStatus } from './channel-join-status.js';
import { chatConnectionOf, NOT_JOINED_GRACE_MS, UNREAD_GRACE_MS } from './chat-connection.js';

const START = Date.parse('2025-03-01T20:00:00.000Z');
const at = (ms: number) => new Date(START + ms).toISOString();

function record(joined: boolean, sinceMs: number, reason: ChannelJoinStatus['reason'] = null) {
  return { channel: 'streamer', replicaId: 'r1', joined, reason, since: at(sinceMs) };
}

describe('chatConnectionOf', () => {
  it('says nothing of a session that is not running', () => {
    expect(chatConnectionOf(record(false, 0, 'refused'), null, START + 60_000)).toEqual({
      status: 'inactive',
      reason: null,
      since: null,
    });
  });

  it('is connected as soon as the channel is joined', () => {
    expect(chatConnectionOf(record(true, 800), START, START + 1_000)).toEqual({
      status: 'connected',
      reason: null,
      since: at(800),
    });
  });

  it('stays connecting through a normal join, then tells why it is not connected', () => {
    const joining = record(false, 0);
    expect(chatConnectionOf(joining, START, START + NOT_JOINED_GRACE_MS - 1).status).toBe(
      'connecting',
    );
    // The first JOIN still unanswered reads as an unanswered JOIN.
    expect(chatConnectionOf(joining, START, START + NOT_JOINED_GRACE_MS)).toEqual({
      status: 'not_connected',
      reason: 'timeout',
      since: at(0),
    });
    expect(
      chatConnectionOf(record(false, 0, 'refused'), START, START + NOT_JOINED_GRACE_MS).reason,
    ).toBe('refused');
  });

  it('counts the grace from the session start when the record is older', () => {
    const stale = record(false, -60_000, 'disconnected');
    expect(chatConnectionOf(stale, START, START + 1_000).status).toBe('connecting');
    expect(chatConnectionOf(stale, START, START + NOT_JOINED_GRACE_MS)).toEqual({
      status: 'not_connected',
      reason: 'disconnected',
      since: at(0),
    });
  });

  it('tells nobody reads the channel once no replica took it for a while', () => {
    expect(chatConnectionOf(null, START, START + UNREAD_GRACE_MS - 1).status).toBe('connecting');
    expect(chatConnectionOf(null, START, START + UNREAD_GRACE_MS)).toEqual({
      status: 'not_connected',
      reason: 'unread',
      since: at(0),
    });
  });
});
