/**
 * Every NATS subject of the system, versioned. Request/reply subjects are answered by one
 * replica of the owning service (queue group); event subjects fan out to every listener;
 * stream subjects are stored in JetStream and consumed durably.
 */
export const SUBJECTS = {
  health: {
    auth: 'auth.health.check.v1',
    sessions: 'sessions.health.check.v1',
    stats: 'stats.health.check.v1',
    chatIngest: 'chat-ingest.health.check.v1',
  },
  chat: {
    /** Chat lines, one subject per channel: `chat.line.v1.<channel login>`. */
    line: 'chat.line.v1',
  },
} as const;

/** JetStream streams and the subjects they capture. */
export const STREAMS = {
  /**
   * Chat lines are kept a day; a line published again within two minutes (a retry, or two
   * replicas reading one channel during a handover) is stored once.
   */
  chatLines: {
    name: 'CHAT_LINES_V1',
    subjects: [`${SUBJECTS.chat.line}.>`],
    duplicateWindowMs: 2 * 60 * 1000,
    maxAgeMs: 24 * 60 * 60 * 1000,
  },
  /** Facts services publish for each other's read models (see domain/domain-events.ts). */
  domainEvents: { name: 'DOMAIN_EVENTS_V1', subjects: ['domain.>'] },
} as const;

/** The subject a chat line of `channel` is published on. Logins are lower-case `[a-z0-9_]`. */
export function chatLineSubject(channel: string): string {
  return `${SUBJECTS.chat.line}.${channel.toLowerCase()}`;
}
