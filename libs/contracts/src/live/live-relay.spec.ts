import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  chatterMessageLines,
  isLiveChatterMessages,
  isLiveChattersEvent,
  LiveChattersEvent,
  LiveSessionMessages,
} from './live-relay.js';

const sessionId = '2f6b3c1e-8a4d-4c2b-9e1f-5a7d3b9c0e12';
const chatter = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', sessionId, username: 'alice' };
const valid = {
  sessionId,
  userIds: ['0b6f5a2e-3c1d-4e8f-9a7b-6c5d4e3f2a1b'],
  created: [chatter],
  updated: [{ ...chatter, id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d' }],
};

describe('isLiveChattersEvent', () => {
  it('accepts an event of chatters of its session, also with empty lists', () => {
    expect(isLiveChattersEvent(valid)).toBe(true);
    expect(isLiveChattersEvent({ ...valid, userIds: [], created: [], updated: [] })).toBe(true);
    expect(validateSync(plainToInstance(LiveChattersEvent, valid))).toEqual([]);
  });

  it('accepts the list version the batch committed', () => {
    const versioned = { ...valid, listVersion: '9007199254740993' };
    expect(isLiveChattersEvent(versioned)).toBe(true);
    expect(validateSync(plainToInstance(LiveChattersEvent, versioned))).toEqual([]);
  });

  it('accepts the Twitch times of the lines behind its chatters', () => {
    const timed = { ...valid, linesSentAt: { [chatter.id]: 1_764_230_400_000 } };
    expect(isLiveChattersEvent(timed)).toBe(true);
    expect(validateSync(plainToInstance(LiveChattersEvent, timed))).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['line times as a list', { ...valid, linesSentAt: [1_764_230_400_000] }],
    ['a line time that is text', { ...valid, linesSentAt: { [chatter.id]: 'now' } }],
    ['a negative line time', { ...valid, linesSentAt: { [chatter.id]: -1 } }],
    ['not an object', 'event'],
    ['null', null],
    ['a session id that is no UUID', { ...valid, sessionId: 'session' }],
    ['no user ids', { ...valid, userIds: undefined }],
    ['a user id that is no UUID', { ...valid, userIds: ['owner'] }],
    ['created not a list', { ...valid, created: chatter }],
    ['updated missing', { ...valid, updated: undefined }],
    ['a chatter without an id', { ...valid, created: [{ ...chatter, id: 7 }] }],
    ['a chatter of another session', { ...valid, updated: [{ ...chatter, sessionId: 'other' }] }],
    ['a chatter that is not an object', { ...valid, created: [null] }],
    ['a list version that is a number', { ...valid, listVersion: 7 }],
    ['a list version that is not decimal', { ...valid, listVersion: '-7' }],
  ])('rejects %s', (_, event) => {
    expect(isLiveChattersEvent(event)).toBe(false);
  });

  it('agrees with the decorators about list versions', () => {
    for (const listVersion of [7, '-7', '7.5', 'seven']) {
      const errors = validateSync(plainToInstance(LiveChattersEvent, { ...valid, listVersion }));
      expect(errors.map((error) => error.property)).toEqual(['listVersion']);
    }
  });
});

describe('isLiveChatterMessages and chatterMessageLines', () => {
  const line = (type: string, id: string) => JSON.stringify({ type, payload: { id, sessionId } });
  const part = {
    sessionId,
    userIds: ['0b6f5a2e-3c1d-4e8f-9a7b-6c5d4e3f2a1b'],
    messages: [line('new_chatter', 'c1'), line('chatter_update', 'c2')].join('\n'),
    linesSentAt: [1_764_230_400_000, -1],
  };

  it('accepts sessions of message lines with their line times, and a list version', () => {
    const event = { sessions: [part, { ...part, listVersion: '42' }] };
    expect(isLiveChatterMessages(event)).toBe(true);
    expect(isLiveChatterMessages({ sessions: [] })).toBe(true);
    const errors = validateSync(plainToInstance(LiveSessionMessages, event.sessions[1]));
    expect(errors).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['no sessions', {}],
    ['sessions not a list', { sessions: part }],
    ['a session id that is no UUID', { sessions: [{ ...part, sessionId: 'session' }] }],
    ['a user id that is no UUID', { sessions: [{ ...part, userIds: ['owner'] }] }],
    ['messages that are not text', { sessions: [{ ...part, messages: [line('a', 'b')] }] }],
    ['line times that are not a list', { sessions: [{ ...part, linesSentAt: { c1: 1 } }] }],
    ['a line time below -1', { sessions: [{ ...part, linesSentAt: [-2, -1] }] }],
    ['a line time that is text', { sessions: [{ ...part, linesSentAt: ['now', -1] }] }],
    ['a list version that is a number', { sessions: [{ ...part, listVersion: 7 }] }],
    ['null', null],
  ])('rejects %s', (_, event) => {
    expect(isLiveChatterMessages(event)).toBe(false);
  });

  it('splits the text into its message lines without parsing them', () => {
    expect(chatterMessageLines(part.messages)).toEqual([
      line('new_chatter', 'c1'),
      line('chatter_update', 'c2'),
    ]);
    expect(chatterMessageLines('')).toEqual([]);
  });

  it.each([
    ['another message type', line('session_deleted', 'c1')],
    ['text that is not a message', 'hello'],
    ['a chatter message with its keys in another order', '{"payload":{},"type":"new_chatter"}'],
    ['an empty line between messages', `${line('new_chatter', 'c1')}\n\n`],
  ])('refuses a text with %s', (_, text) => {
    expect(chatterMessageLines(text)).toBeUndefined();
  });
});
