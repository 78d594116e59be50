import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DomainEventOutbox } from '@greetboard/persistence';
import { SessionDomainEvents } from './session-domain-events.js';

describe('SessionDomainEvents', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  function withOutbox() {
    const flush = jest.fn(() => Promise.resolve());
    const events = new SessionDomainEvents({ flush } as unknown as DomainEventOutbox);
    return { events, flush };
  }

  it('publishes at once after a change', () => {
    const { events, flush } = withOutbox();
    events.publish();
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it("gathers the chat path's events of many batches into one round of the outbox", () => {
    const { events, flush } = withOutbox();
    for (let batch = 0; batch < 20; batch++) {
      events.publishSoon();
      jest.advanceTimersByTime(4);
    }
    expect(flush).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    expect(flush).toHaveBeenCalledTimes(1);
    events.publishSoon();
    jest.advanceTimersByTime(100);
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
