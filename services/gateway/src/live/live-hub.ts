import { Injectable } from '@nestjs/common';
import {
  BROWSER_ONLY_MESSAGE_TYPES,
  chatterMessageLines,
  type ChatterDto,
  type LiveChatterMessages,
  type LiveChattersEvent,
  type LiveEventEnvelope,
} from '@greetboard/contracts';
import { chatLineToSocket, liveMessages } from '@greetboard/metrics';
import { CLOSE, type LiveConnection } from './live-connection.js';

/** Hears a socket entering (`joined`) or leaving a session room, for presence (ADR 0034). */
export type RoomListener = (connection: LiveConnection, sessionId: string, joined: boolean) => void;

/**
 * This gateway replica's live sockets, indexed by user and by joined session room. Every
 * replica receives every live event and writes it to the sockets it holds.
 */
@Injectable()
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly byRoom = new Map<string, Set<LiveConnection>>();
  private readonly roomListeners = new Set<RoomListener>();

  add(connection: LiveConnection): void {
    addTo(this.byUser, connection.user.id, connection);
  }

  remove(connection: LiveConnection): void {
    removeFrom(this.byUser, connection.user.id, connection);
    const rooms = [...connection.rooms];
    for (const room of rooms) removeFrom(this.byRoom, room, connection);
    connection.rooms.clear();
    for (const room of rooms) this.roomChanged(connection, room, false);
  }

  join(connection: LiveConnection, sessionId: string): void {
    connection.rooms.add(sessionId);
    addTo(this.byRoom, sessionId, connection);
    this.roomChanged(connection, sessionId, true);
  }

  leave(connection: LiveConnection, sessionId: string): void {
    const wasIn = connection.rooms.delete(sessionId);
    removeFrom(this.byRoom, sessionId, connection);
    if (wasIn) this.roomChanged(connection, sessionId, false);
  }

  /** The sockets in a session's room here. */
  membersOf(sessionId: string): ReadonlySet<LiveConnection> {
    return this.byRoom.get(sessionId) ?? new Set();
  }

  onRoomChange(listener: RoomListener): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  private roomChanged(connection: LiveConnection, sessionId: string, joined: boolean): void {
    for (const listener of this.roomListeners) listener(connection, sessionId, joined);
  }

  /**
   * Sends the event once to every socket of the listed users. A session room adds no one to
   * that list: the sessions service names everyone who may see the session (owner and current
   * editors), so a room member missing from it has lost access (an editor removed since they
   * joined) and leaves the room. Without a list, the room is the audience.
   */
  deliver(envelope: LiveEventEnvelope): number {
    const recipients = this.audience(envelope.userIds, envelope.sessionId);
    if (BROWSER_ONLY_MESSAGE_TYPES.includes(envelope.type)) {
      for (const connection of recipients)
        if (connection.access !== 'browser') recipients.delete(connection);
    }
    if (recipients.size === 0) return 0;
    // Serialised once, whatever the number of recipients.
    return this.send(
      recipients,
      JSON.stringify({ type: envelope.type, payload: envelope.payload }),
    );
  }

  /**
   * The chat pipeline's event as sessions replicas of the previous release send it (ADR
   * 0031): each chatter becomes the spec's own `new_chatter` or `chatter_update` message for
   * the same audience as `deliver` finds (the event's users and the session's room, less room
   * members who lost access), new chatters first.
   */
  deliverChatters(event: LiveChattersEvent): number {
    const recipients = this.audience(event.userIds, event.sessionId);
    if (recipients.size === 0) return 0;
    let sent = 0;
    const lineTimes = event.linesSentAt ?? {};
    const deliver = (type: 'new_chatter' | 'chatter_update', chatter: ChatterDto) => {
      const delivered = this.send(recipients, JSON.stringify({ type, payload: chatter }));
      if (delivered > 0) observeLineToSocket(lineTimes[chatter.id] ?? -1, Date.now());
      sent += delivered;
    };
    // Each socket's messages of the event leave in one network write.
    const uncork = [...recipients].map((connection) => connection.cork());
    try {
      for (const chatter of event.created) deliver('new_chatter', chatter);
      for (const chatter of event.updated) deliver('chatter_update', chatter);
    } finally {
      for (const release of uncork) release();
    }
    return sent;
  }

  /**
   * The chat pipeline's event (ADR 0060): each session's messages, as the sessions service
   * serialised them, go to the same audience as `deliver` finds, each socket's messages of
   * the event in one network write. Answers how many session parts were refused: a part whose
   * lines are not all chatter messages, or whose line times do not match them, is left out.
   */
  deliverChatterMessages(event: LiveChatterMessages): number {
    let refused = 0;
    /** Messages written, counted once for the event: a labelled counter costs per call. */
    let sent = 0;
    const corked = new Map<LiveConnection, () => void>();
    try {
      for (const session of event.sessions) {
        const lines = chatterMessageLines(session.messages);
        if (!lines || lines.length !== session.linesSentAt.length) {
          refused++;
          continue;
        }
        const recipients = this.audience(session.userIds, session.sessionId);
        if (recipients.size === 0) continue;
        for (const connection of recipients)
          if (!corked.has(connection)) corked.set(connection, connection.cork());
        const now = Date.now();
        for (const [index, line] of lines.entries()) {
          const written = this.write(recipients, line);
          if (written > 0) observeLineToSocket(session.linesSentAt[index], now);
          sent += written;
        }
      }
    } finally {
      for (const release of corked.values()) release();
      liveMessages.inc({ direction: 'sent' }, sent);
    }
    return refused;
  }

  /**
   * Every socket of the listed users, and of the session's room when there is no list. A room
   * member missing from the list leaves the room.
   */
  private audience(userIds: string[] | undefined, sessionId: string | undefined) {
    const recipients = new Set<LiveConnection>();
    const allowed = userIds ? new Set(userIds) : undefined;
    // A session's list names its owner first, then the owner's editors; an overlay link of
    // an editor reaches its own user's sessions only (ADR 0046).
    const owner = sessionId ? userIds?.[0] : undefined;
    for (const userId of allowed ?? []) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (connection.access !== 'browser' && owner !== undefined && userId !== owner) continue;
        recipients.add(connection);
      }
    }
    if (sessionId) {
      for (const connection of [...(this.byRoom.get(sessionId) ?? [])]) {
        if (!allowed) recipients.add(connection);
        else if (!allowed.has(connection.user.id)) this.leave(connection, sessionId);
      }
    }
    return recipients;
  }

  private send(recipients: Set<LiveConnection>, text: string): number {
    const sent = this.write(recipients, text);
    liveMessages.inc({ direction: 'sent' }, sent);
    return sent;
  }

  /** Writes `text` to each recipient; answers to how many it went. */
  private write(recipients: Set<LiveConnection>, text: string): number {
    let sent = 0;
    for (const connection of recipients) if (connection.send(text)) sent++;
    return sent;
  }

  /**
   * Ends every socket of a user (logout, force-logout, rejection, deletion); with
   * `browsersOnly` (logging out everywhere) the overlay links' sockets stay.
   */
  closeUser(userId: string, reason: string, browsersOnly = false): number {
    const connections = [...(this.byUser.get(userId) ?? [])].filter(
      (connection) => !browsersOnly || connection.access === 'browser',
    );
    for (const connection of connections) {
      this.remove(connection);
      connection.close(CLOSE.signedOut, reason);
    }
    return connections.length;
  }

  /** Ends the sockets of one login session of a user (logout in one browser, a revoked link). */
  closeLoginSession(
    userId: string,
    session: { sessionId?: string; sessionIdHash?: string },
    reason: string,
  ): number {
    const connections = [...(this.byUser.get(userId) ?? [])].filter(
      (connection) =>
        (session.sessionId !== undefined && connection.loginSessionId === session.sessionId) ||
        (session.sessionIdHash !== undefined &&
          connection.loginSessionHash === session.sessionIdHash),
    );
    for (const connection of connections) {
      this.remove(connection);
      connection.close(CLOSE.signedOut, reason);
    }
    return connections.length;
  }

  /**
   * How many live sockets the user's browsers hold open here; sockets opened with an overlay
   * link have a cap of their own (`linkConnectionsOf`), so a link can never lock its owner out.
   */
  connectionsOf(userId: string): number {
    let count = 0;
    for (const connection of this.byUser.get(userId) ?? [])
      if (connection.access === 'browser') count++;
    return count;
  }

  /** How many live sockets one overlay link (by its login session) holds open here. */
  linkConnectionsOf(userId: string, loginSessionId: string): number {
    let count = 0;
    for (const connection of this.byUser.get(userId) ?? [])
      if (connection.access !== 'browser' && connection.loginSessionId === loginSessionId) count++;
    return count;
  }

  connectionCount(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  closeAll(): void {
    for (const connections of [...this.byUser.values()]) {
      for (const connection of connections) {
        this.remove(connection);
        connection.close(CLOSE.goingAway, 'Server shutting down');
      }
    }
  }
}

function addTo(index: Map<string, Set<LiveConnection>>, key: string, value: LiveConnection) {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom(index: Map<string, Set<LiveConnection>>, key: string, value: LiveConnection) {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/**
 * A chatter message that reached a socket: the time from its chat line's Twitch time (`sentAt`,
 * in ms; negative when the line had none) to `now`. Twitch's clock against ours: a line "from
 * the future" counts as instant.
 */
function observeLineToSocket(sentAt: number, now: number): void {
  if (sentAt >= 0) chatLineToSocket.observe(Math.max(0, now - sentAt) / 1000);
}
