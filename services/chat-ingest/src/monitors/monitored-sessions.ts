import type { MonitoredChannel } from '@greetboard/contracts';

/** What a session status event tells chat-ingest. */
export interface SessionStatus {
  sessionId: string;
  /** The owner's Twitch login (the channel to read while the session runs). */
  channel: string;
  isActive: boolean;
}

/** The key of a channel listed without its sessions' ids. */
const CHANNEL_ONLY = 'channel:';

/**
 * The running sessions whose channels are read, by session id. Session status events change
 * it one session at a time; the sessions service's full list replaces it at boot and on every
 * reconciliation. Events of one session arrive in the order of its changes, and events of
 * different sessions commute, so applying again, over a fresh list, the events that arrived
 * while it was read leaves every session as its latest event says.
 */
export class MonitoredSessions {
  private readonly channelOf = new Map<string, string>();
  private readonly recordings = new Set<SessionStatus[]>();

  apply(status: SessionStatus): void {
    for (const recording of this.recordings) recording.push(status);
    if (status.isActive && status.channel !== '') {
      this.channelOf.set(status.sessionId, status.channel);
    } else {
      this.channelOf.delete(status.sessionId);
    }
  }

  /**
   * Replaces the set with the list `read` answers; events applied while it was being read
   * are applied again over it. When `read` fails the set stays as it is.
   */
  async replaceWith(read: () => Promise<MonitoredChannel[]>): Promise<void> {
    const since: SessionStatus[] = [];
    this.recordings.add(since);
    let list: MonitoredChannel[];
    try {
      list = await read();
    } finally {
      this.recordings.delete(since);
    }
    this.channelOf.clear();
    for (const { channel, sessionIds } of list) {
      // A sessions replica from before session ids were listed names only the channel: read
      // it; the next reconciliation drops it once no session of it runs.
      for (const sessionId of sessionIds ?? [`${CHANNEL_ONLY}${channel}`]) {
        this.channelOf.set(sessionId, channel);
      }
    }
    for (const status of since) this.apply(status);
  }

  /** The running sessions of `channel` that are known by id (not only by their channel). */
  sessionsOf(channel: string): string[] {
    return [...this.channelOf]
      .filter(([sessionId, of]) => of === channel && !sessionId.startsWith(CHANNEL_ONLY))
      .map(([sessionId]) => sessionId);
  }

  /** Every channel with a running session, each once. */
  channels(): string[] {
    return [...new Set(this.channelOf.values())];
  }
}
