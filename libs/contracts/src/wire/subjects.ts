/**
 * Every NATS subject of the system, versioned, in one map. Request/reply subjects are answered
 * by one replica of the owning service (queue group); event subjects fan out to every listener;
 * stream subjects are stored in JetStream and consumed durably. The transport puts the
 * installation's prefix (INSTALLATION_PREFIX) before each of them on the wire.
 */
export const SUBJECTS = {
  health: {
    auth: 'auth.health.check.v1',
    sessions: 'sessions.health.check.v1',
    stats: 'stats.health.check.v1',
    chatIngest: 'chat-ingest.health.check.v1',
  },
  auth: {
    beginSignIn: 'auth.sign-in.begin.v1',
    completeSignIn: 'auth.sign-in.complete.v1',
    resolveSession: 'auth.session.resolve.v1',
    endSession: 'auth.session.end.v1',
    getSettings: 'auth.settings.get.v1',
    updateSettings: 'auth.settings.update.v1',
    listUsers: 'auth.users.list.v1',
    administerUser: 'auth.users.administer.v1',
    deleteUser: 'auth.users.delete.v1',
    searchTwitchUser: 'auth.twitch.search-user.v1',
    importTwitchUser: 'auth.twitch.import-user.v1',
    /** Chatters' profile images from Helix, with the app's own token. */
    twitchUserProfiles: 'auth.twitch.user-profiles.v1',
    /** Event: every login session of a user ended. */
    sessionsEnded: 'auth.user.sessions-ended.v1',
    endAllSessionsOfUser: 'auth.session.end-all-of-user.v1',
    listLoginSessions: 'auth.session.list-of-user.v1',
    endLoginSession: 'auth.session.end-one-of-user.v1',
    sessionEnded: 'auth.session.ended.v1',
    adminTotals: 'auth.admin.totals.v1',
    listOverlayLinks: 'auth.overlay-link.list.v1',
    createOverlayLink: 'auth.overlay-link.create.v1',
    revokeOverlayLink: 'auth.overlay-link.revoke.v1',
    updateOverlayLink: 'auth.overlay-link.update.v1',
    /** A message in the user's own chat, as the user (Helix Send Chat Message, ADR 0054). */
    sendOwnChatMessage: 'auth.chat.send-own.v1',
    /** A Helix shoutout from the user's channel to another (ADR 0054). */
    sendShoutout: 'auth.chat.shoutout.v1',
    /** The Twitch scopes the user's stored token carries (ADR 0054). */
    twitchScopes: 'auth.twitch.scopes.v1',
  },
  sessions: {
    listSessions: 'sessions.session.list.v1',
    createSession: 'sessions.session.create.v1',
    updateSession: 'sessions.session.update.v1',
    deleteSession: 'sessions.session.delete.v1',
    adminListSessions: 'sessions.session.admin-list.v1',
    forceStopSession: 'sessions.session.force-stop.v1',
    reportStream: 'sessions.session.report-stream.v1',
    chatterListVersion: 'sessions.chatter.list-version.v1',
    listChatters: 'sessions.chatter.list.v1',
    viewChatters: 'sessions.chatter.view.v1',
    greetChatter: 'sessions.chatter.greet.v1',
    listRaids: 'sessions.raid.list.v1',
    greetRaiders: 'sessions.raid.greet.v1',
    ungreetRaiders: 'sessions.raid.ungreet.v1',
    listPendingRaiders: 'sessions.raid.pending.v1',
    getRaidSettings: 'sessions.raid.settings.get.v1',
    updateRaidSettings: 'sessions.raid.settings.update.v1',
    listIgnoredUsers: 'sessions.ignored-user.list.v1',
    addIgnoredUser: 'sessions.ignored-user.add.v1',
    removeIgnoredUser: 'sessions.ignored-user.remove.v1',
    listGlobalEditors: 'sessions.global-editor.list.v1',
    inviteGlobalEditor: 'sessions.global-editor.invite.v1',
    removeGlobalEditor: 'sessions.global-editor.remove.v1',
    listInvites: 'sessions.global-editor-invite.list.v1',
    answerInvite: 'sessions.global-editor-invite.answer.v1',
    countUserData: 'sessions.user-data.count.v1',
    listMonitoredChannels: 'sessions.monitors.list.v1',
    sessionSnapshots: 'sessions.snapshot.sessions.v1',
    chatterSnapshots: 'sessions.snapshot.chatters.v1',
    adminTotals: 'sessions.admin.totals.v1',
    getWelcome: 'sessions.welcome.get.v1',
    updateWelcome: 'sessions.welcome.update.v1',
    listWelcomeMessages: 'sessions.welcome.list-messages.v1',
    sendShoutout: 'sessions.shoutout.send.v1',
    listRaidShoutouts: 'sessions.welcome.list-raid-shoutouts.v1',
    chatterCard: 'sessions.chatter.card.v1',
  },
  stats: {
    aggregateStatistics: 'stats.statistics.aggregate.v1',
    sessionStatistics: 'stats.statistics.session.v1',
  },
  admin: {
    /** Events: a gateway's status probe to every replica, and each replica's report. */
    replicaStatusProbe: 'admin.replica-status.probe.v1',
    replicaStatusReport: 'admin.replica-status.report.v1',
  },
  chatIngest: {
    /** Event: a chat-ingest replica is leaving; the others take its channels now. */
    monitorsChanged: 'chat-ingest.monitors.changed.v1',
    /** A channel's join record, read from the key-value store chat-ingest writes it to. */
    joinStatus: 'chat-ingest.join-status.get.v1',
    /** Event: whether a channel's running sessions have their chat read changed (ADR 0042). */
    connectionChanged: 'chat-ingest.chat-connection.changed.v1',
  },
  live: {
    /** Event: a live-channel message on its way to every gateway. */
    relay: 'live.event.v1',
    /**
     * Event: the chatters one batch of chat lines created or changed in one session; replaced
     * by `chatterMessages` (ADR 0060), read by gateways for one more release.
     */
    chatters: 'live.chatters.v1',
    /**
     * Event: the chatters one batch of chat lines created or changed, in all its sessions, as
     * the spec's messages serialised once (ADR 0060).
     */
    chatterMessages: 'live.chatter-messages.v1',
    /** Event: one gateway replica's presence and claims in one session (ADR 0034). */
    presence: 'live.presence.v1',
    /** Event: a gateway replica that just started asks the others for their presence. */
    presenceSync: 'live.presence.sync.v1',
  },
  chat: {
    /** Chat lines, one subject per channel: `chat.line.v1.<channel login>`. */
    line: 'chat.line.v1',
  },
  /** Messages a durable consumer gave up on, one subject per consumer (see deadLetterSubject). */
  deadLetter: 'dead-letter.v1',
  /** Facts services publish for each other's read models, stored in DOMAIN_EVENTS_V1. */
  domain: {
    userChanged: 'domain.auth.user.changed.v1',
    userDeleted: 'domain.auth.user.deleted.v1',
    /** The one event of a session's status change (chat-ingest, announcements). */
    sessionStatusChanged: 'domain.sessions.session.status-changed.v1',
    sessionCreated: 'domain.sessions.session.created.v1',
    sessionStarted: 'domain.sessions.session.started.v1',
    sessionStopped: 'domain.sessions.session.stopped.v1',
    sessionRenamed: 'domain.sessions.session.renamed.v1',
    sessionDeleted: 'domain.sessions.session.deleted.v1',
    chatterCreated: 'domain.sessions.chatter.created.v1',
    chatterCounted: 'domain.sessions.chatter.counted.v1',
    chatterGreeted: 'domain.sessions.chatter.greeted.v1',
    chatterUngreeted: 'domain.sessions.chatter.ungreeted.v1',
    chatterModerated: 'domain.sessions.chatter.moderated.v1',
    /** The chatters one batch of chat lines changed, packed in one message (ADR 0057). */
    chattersChanged: 'domain.sessions.chatters.changed.v1',
    userDataRemoved: 'domain.sessions.user-data.removed.v1',
  },
} as const;

/**
 * JetStream streams and the subjects they capture. Their age and size limits are configuration
 * (STREAM_<NAME>_MAX_AGE_MS / _MAX_BYTES, sized in docs/operations.md); what each does when
 * full is part of its design, here.
 */
export const STREAMS = {
  /**
   * A line published again within two minutes (a retry, or two replicas reading one channel
   * during a handover) is stored once. Full, it drops its oldest lines: those were read by
   * sessions long ago, while refusing new ones would stop every channel's chat.
   */
  chatLines: {
    name: 'CHAT_LINES_V1',
    subjects: [`${SUBJECTS.chat.line}.>`],
    duplicateWindowMs: 2 * 60 * 1000,
    discard: 'old',
  },
  /**
   * Facts services publish for each other's read models (see domain/domain-events.ts). Full, it
   * refuses new events: they wait in their service's outbox, while dropping old ones would
   * lose facts a read model may not have read yet.
   */
  domainEvents: { name: 'DOMAIN_EVENTS_V1', subjects: ['domain.>'], discard: 'new' },
  /**
   * Messages a consumer could not handle (invalid, or failing its handler too often), with the
   * error and the original message, for an operator to look at. Full, it drops its oldest
   * letters: refusing would leave a flood of bad messages going round their consumers.
   */
  deadLetters: {
    name: 'DEAD_LETTERS_V1',
    subjects: [`${SUBJECTS.deadLetter}.>`],
    discard: 'old',
  },
} as const;

/** The subject the messages `consumer` gave up on are stored under. */
export function deadLetterSubject(consumer: string): string {
  return `${SUBJECTS.deadLetter}.${consumer}`;
}

/** The subject a chat line of `channel` is published on. Logins are lower-case `[a-z0-9_]`. */
export function chatLineSubject(channel: string): string {
  return `${SUBJECTS.chat.line}.${channel.toLowerCase()}`;
}

/**
 * The subject of a batch of chat lines of any channels (`ChatLinesBatch`, ADR 0057): two tokens
 * after the prefix, so no channel's subject is ever this one.
 */
export const CHAT_LINES_BATCH_SUBJECT = `${SUBJECTS.chat.line}.batch.v1`;
