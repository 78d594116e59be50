import { type EmulatorUser } from './users.js';

export interface RoomState {
  emoteOnly: boolean;
  /** Minutes a user must follow before chatting; -1 when followers-only mode is off. */
  followersOnly: number;
  r9k: boolean;
  slow: number;
  subsOnly: boolean;
}

export interface LiveStream {
  id: string;
  title: string;
  gameId: string;
  gameName: string;
  startedAt: string;
  viewerCount: number;
  language: string;
  tags: string[];
  isMature: boolean;
}

/** What a reply needs to know about an earlier message. */
export interface RecentMessage {
  id: string;
  userId: string;
  login: string;
  displayName: string;
  text: string;
  threadParentId: string;
  threadParentLogin: string;
}

export interface Channel {
  readonly broadcaster: EmulatorUser;
  readonly roomState: RoomState;
  readonly moderatorIds: Set<string>;
  readonly vipIds: Set<string>;
  /** Users who have chatted here before; their next message is no longer `first-msg=1`. */
  readonly chatterIds: Set<string>;
  stream?: LiveStream;
  readonly recent: Map<string, RecentMessage>;
}

export type StreamEvent =
  | { type: 'stream.online'; channel: Channel; stream: LiveStream }
  | { type: 'stream.offline'; channel: Channel };

const RECENT_MESSAGES_KEPT = 2_000;

/**
 * Keeps a message among the channel's recent ones, so that a reply or a moderator's deletion
 * can name it by id alone, whoever sent it (control API, a client, demo chat or traffic).
 */
export function rememberMessage(channel: Channel, message: RecentMessage): void {
  channel.recent.set(message.id, message);
  if (channel.recent.size > RECENT_MESSAGES_KEPT) {
    const oldest = channel.recent.keys().next();
    if (!oldest.done) channel.recent.delete(oldest.value);
  }
}

/** Per-channel state, created lazily for any user's login. */
export class ChannelStore {
  private readonly channels = new Map<string, Channel>();
  private readonly streamListeners: ((event: StreamEvent) => void)[] = [];

  channel(broadcaster: EmulatorUser): Channel {
    let channel = this.channels.get(broadcaster.login);
    if (!channel) {
      channel = {
        broadcaster,
        roomState: { emoteOnly: false, followersOnly: -1, r9k: false, slow: 0, subsOnly: false },
        moderatorIds: new Set(),
        vipIds: new Set(),
        chatterIds: new Set(),
        recent: new Map(),
      };
      this.channels.set(broadcaster.login, channel);
    }
    return channel;
  }

  remember(channel: Channel, message: RecentMessage): void {
    rememberMessage(channel, message);
  }

  goLive(channel: Channel, stream: LiveStream): void {
    channel.stream = stream;
    this.emit({ type: 'stream.online', channel, stream });
  }

  goOffline(channel: Channel): void {
    if (!channel.stream) return;
    delete channel.stream;
    this.emit({ type: 'stream.offline', channel });
  }

  liveChannels(): Channel[] {
    return [...this.channels.values()].filter((channel) => channel.stream !== undefined);
  }

  /** Hook for EventSub-style notifications (not implemented yet). */
  onStreamEvent(listener: (event: StreamEvent) => void): () => void {
    this.streamListeners.push(listener);
    return () => {
      const index = this.streamListeners.indexOf(listener);
      if (index >= 0) this.streamListeners.splice(index, 1);
    };
  }

  private emit(event: StreamEvent): void {
    for (const listener of this.streamListeners) listener(event);
  }
}
