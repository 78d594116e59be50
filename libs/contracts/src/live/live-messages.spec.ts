import { describe, expect, it } from '@jest/globals';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from '../wire/live-messages.js';
import {
  CLIENT_MESSAGE_PAYLOADS,
  fieldsAtFault,
  type ClientMessagePayloads,
} from './live-messages.js';

const sessionId = '2f6b3c1e-8a4d-4c2b-9e1f-5a7d3b9c0e12';
const otherId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** For each client message: a payload it accepts, and payloads it refuses with the field at fault. */
const CASES: {
  [K in keyof ClientMessagePayloads]: {
    valid: ClientMessagePayloads[K][];
    invalid: { payload: unknown; field: string }[];
  };
} = {
  auth: {
    valid: [{ userId: sessionId }],
    invalid: [
      { payload: {}, field: 'userId' },
      { payload: { userId: 'not-a-uuid' }, field: 'userId' },
      { payload: { userId: sessionId, admin: true }, field: 'admin' },
    ],
  },
  start_session: {
    valid: [{ sessionId }, { sessionId, keywords: ['hi', 'x'.repeat(MAX_KEYWORD_LENGTH)] }],
    invalid: [
      { payload: { keywords: ['hi'] }, field: 'sessionId' },
      { payload: { sessionId, keywords: 'hi' }, field: 'keywords' },
      { payload: { sessionId, keywords: [1] }, field: 'keywords' },
      { payload: { sessionId, keywords: Array(MAX_KEYWORDS + 1).fill('k') }, field: 'keywords' },
      {
        payload: { sessionId, keywords: ['x'.repeat(MAX_KEYWORD_LENGTH + 1)] },
        field: 'keywords',
      },
    ],
  },
  join_session: {
    valid: [{ sessionId }],
    invalid: [
      { payload: {}, field: 'sessionId' },
      { payload: { sessionId: 42 }, field: 'sessionId' },
      { payload: { sessionId, room: 'x' }, field: 'room' },
    ],
  },
  leave_session: {
    valid: [{}, { sessionId }],
    invalid: [
      { payload: { sessionId: 'nope' }, field: 'sessionId' },
      { payload: { all: true }, field: 'all' },
    ],
  },
  stop_session: {
    valid: [{}, { sessionId }],
    invalid: [
      { payload: { sessionId: '' }, field: 'sessionId' },
      { payload: { sessionId, force: true }, field: 'force' },
    ],
  },
  update_keywords: {
    valid: [{ keywords: [] }, { sessionId, keywords: Array<string>(MAX_KEYWORDS).fill('k') }],
    invalid: [
      { payload: {}, field: 'keywords' },
      { payload: { sessionId: 'nope', keywords: [] }, field: 'sessionId' },
      { payload: { keywords: Array(MAX_KEYWORDS + 1).fill('k') }, field: 'keywords' },
      { payload: { keywords: ['x'.repeat(MAX_KEYWORD_LENGTH + 1)] }, field: 'keywords' },
    ],
  },
  claim_chatter: {
    valid: [{ sessionId, chatterId: otherId }],
    invalid: [
      { payload: { sessionId }, field: 'chatterId' },
      { payload: { sessionId, chatterId: 'nope' }, field: 'chatterId' },
      { payload: { sessionId, chatterId: otherId, extra: 1 }, field: 'extra' },
    ],
  },
  release_chatter: {
    valid: [{ sessionId }],
    invalid: [
      { payload: {}, field: 'sessionId' },
      { payload: { sessionId, chatterId: otherId }, field: 'chatterId' },
    ],
  },
};

describe('client message schemas', () => {
  for (const [type, { valid, invalid }] of Object.entries(CASES)) {
    const name = type as keyof ClientMessagePayloads;

    it(`accept valid ${type} payloads unchanged`, () => {
      for (const payload of valid)
        expect(CLIENT_MESSAGE_PAYLOADS[name].parse(payload)).toEqual(payload);
    });

    it(`refuse bad ${type} payloads, naming the field at fault`, () => {
      for (const { payload, field } of invalid) {
        const result = CLIENT_MESSAGE_PAYLOADS[name].safeParse(payload);
        expect(result.success).toBe(false);
        expect(result.error && fieldsAtFault(result.error)).toContain(field);
      }
    });
  }

  it('count a keyword’s length in characters, as the HTTP API does', () => {
    const emoji = '👋'.repeat(MAX_KEYWORD_LENGTH);
    expect(CLIENT_MESSAGE_PAYLOADS.update_keywords.safeParse({ keywords: [emoji] }).success).toBe(
      true,
    );
    expect(
      CLIENT_MESSAGE_PAYLOADS.update_keywords.safeParse({ keywords: [`${emoji}👋`] }).success,
    ).toBe(false);
  });

  it('accept UUIDs of any version, in either case, and refuse malformed ones', () => {
    const schema = CLIENT_MESSAGE_PAYLOADS.join_session;
    expect(schema.safeParse({ sessionId: sessionId.toUpperCase() }).success).toBe(true);
    expect(schema.safeParse({ sessionId: '00000000-0000-0000-0000-000000000000' }).success).toBe(
      true,
    );
    expect(schema.safeParse({ sessionId: '2f6b3c1e-8a4d-0c2b-9e1f-5a7d3b9c0e12' }).success).toBe(
      false,
    );
  });
});
