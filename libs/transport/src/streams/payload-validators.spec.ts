import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENTS } from '@greetboard/contracts';
import { domainEventPayload } from './payload-validators.js';

const chatter = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  sessionId: '2f6b3c1e-8a4d-4c2b-9e1f-5a7d3b9c0e12',
  ownerId: '0b6f5a2e-3c1d-4e8f-9a7b-6c5d4e3f2a1b',
  twitchId: '12345',
  firstSeenAt: '2026-11-24T09:00:00Z',
  lastSeenAt: '2026-11-24T09:05:00Z',
  messageCount: 3,
  isGreeted: false,
  greetedAt: null,
  version: 7,
};

describe('domainEventPayload', () => {
  it('names a valid event by its subject', () => {
    expect(domainEventPayload(chatter, DOMAIN_EVENTS.chatterCounted.subject)).toEqual({
      valid: true,
      value: { name: 'chatterCounted', payload: chatter },
    });
  });

  it("says what breaks the event's rules", () => {
    const checked = domainEventPayload(
      { id: 'not-a-uuid', deletedAt: 'now' },
      DOMAIN_EVENTS.userDeleted.subject,
    );
    expect(checked.valid).toBe(false);
    expect(!checked.valid && checked.error).toMatch(/id must be a UUID/);
  });

  it('explains a rejection of the written-out check with the class rules', () => {
    const checked = domainEventPayload(
      { ...chatter, version: 0 },
      DOMAIN_EVENTS.chatterCreated.subject,
    );
    expect(!checked.valid && checked.error).toMatch(/version must not be less than 1/);
  });

  it('rejects a subject no domain event has', () => {
    expect(domainEventPayload(chatter, 'domain.sessions.unknown.v1')).toEqual({
      valid: false,
      error: 'no domain event has subject domain.sessions.unknown.v1',
    });
  });
});
