import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENTS, domainEventsFilter } from './domain-events.js';

describe('domainEventsFilter', () => {
  it('is the subject itself for one event', () => {
    expect(domainEventsFilter(['sessionStatusChanged'])).toBe(
      DOMAIN_EVENTS.sessionStatusChanged.subject,
    );
  });

  it("is the subjects' common leading tokens and > for several", () => {
    expect(domainEventsFilter(['userChanged', 'userDeleted'])).toBe('domain.auth.user.>');
    expect(domainEventsFilter(['sessionCreated', 'chatterCounted', 'userDataRemoved'])).toBe(
      'domain.sessions.>',
    );
    expect(domainEventsFilter(['userChanged', 'sessionCreated'])).toBe('domain.>');
  });
});
