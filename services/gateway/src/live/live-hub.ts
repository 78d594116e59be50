import { Injectable } from '@nestjs/common';
import type { LiveEventEnvelope } from '@greetboard/contracts';
import { CLOSE, type LiveConnection } from './live-connection.js';

/**
 * This gateway replica's live sockets, indexed by user and by joined session room. Every
 * replica receives every live event and writes it to the sockets it holds.
 */
@Injectable()
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly byRoom = new Map<string, Set<LiveConnection>>();

  add(connection: LiveConnection): void {
    addTo(this.byUser, connection.user.id, connection);
  }

  remove(connection: LiveConnection): void {
    removeFrom(this.byUser, connection.user.id, connection);
    for (const room of connection.rooms) removeFrom(this.byRoom, room, connection);
    connection.rooms.clear();
  }

  join(connection: LiveConnection, sessionId: string): void {
    connection.rooms.add(sessionId);
    addTo(this.byRoom, sessionId, connection);
  }

  leave(connection: LiveConnection, sessionId: string): void {
    connection.rooms.delete(sessionId);
    removeFrom(this.byRoom, sessionId, connection);
  }

  /** Sends the event once to every socket of the listed users or in the session's room. */
  deliver(envelope: LiveEventEnvelope): number {
    const recipients = new Set<LiveConnection>();
    for (const userId of envelope.userIds ?? []) {
      for (const connection of this.byUser.get(userId) ?? []) recipients.add(connection);
    }
    if (envelope.sessionId) {
      for (const connection of this.byRoom.get(envelope.sessionId) ?? [])
        recipients.add(connection);
    }
    if (recipients.size === 0) return 0;
    // Serialised once, whatever the number of recipients.
    const text = JSON.stringify({ type: envelope.type, payload: envelope.payload });
    let sent = 0;
    for (const connection of recipients) if (connection.send(text)) sent++;
    return sent;
  }

  /** Ends every socket of a user (logout, force-logout, rejection, deletion). */
  closeUser(userId: string, reason: string): number {
    const connections = [...(this.byUser.get(userId) ?? [])];
    for (const connection of connections) {
      this.remove(connection);
      connection.close(CLOSE.signedOut, reason);
    }
    return connections.length;
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
