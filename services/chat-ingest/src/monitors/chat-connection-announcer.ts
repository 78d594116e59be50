import {
  chatConnectionOf,
  type ChannelJoinStatus,
  type ChatConnectionChanged,
} from '@greetboard/contracts';

/**
 * Turns the join records a replica writes each round into the chat connection its channels'
 * sessions show (ADR 0042), and announces each change once: a channel that stays unjoined
 * past the grace becomes `not_connected` in the first round after it, and a confirmed JOIN
 * `connected` in the round it runs. Changes only: a screen that missed one reads the state.
 */
export class ChatConnectionAnnouncer {
  private readonly announced = new Map<string, string>();

  constructor(
    private readonly announce: (change: ChatConnectionChanged) => void,
    private readonly sessionsOf: (channel: string) => string[],
    private readonly now: () => number = Date.now,
  ) {}

  /** `statuses` are every channel this replica holds or takes; the others are forgotten. */
  update(statuses: ChannelJoinStatus[]): void {
    const now = this.now();
    const current = new Set<string>();
    for (const record of statuses) {
      current.add(record.channel);
      const sessionIds = this.sessionsOf(record.channel);
      if (sessionIds.length === 0) continue;
      // The record's own start is the session's as far as this replica knows.
      const connection = chatConnectionOf(record, Date.parse(record.since), now);
      const change: ChatConnectionChanged = { channel: record.channel, sessionIds, ...connection };
      const key = JSON.stringify([connection.status, connection.reason, sessionIds]);
      if (this.announced.get(record.channel) === key) continue;
      this.announced.set(record.channel, key);
      this.announce(change);
    }
    for (const channel of [...this.announced.keys()])
      if (!current.has(channel)) this.announced.delete(channel);
  }
}
