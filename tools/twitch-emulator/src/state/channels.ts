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

/**
 * What Helix "Get Channel Information" answers. It outlives streams, as on Twitch: a title
 * set while offline is the next stream's title, and a change while live retitles the stream.
 */
export interface ChannelInfo {
  title: string;
  gameId: string;
  gameName: string;
  language: string;
  tags: string[];
  /** Seconds of broadcast delay; Twitch reports 0 to anyone but the broadcaster. */
  delay: number;
  contentClassificationLabels: string[];
  isBrandedContent: boolean;
}

export type ChannelInfoChanges = Partial<
  Pick<
    ChannelInfo,
    'title' | 'gameId' | 'gameName' | 'language' | 'tags' | 'contentClassificationLabels'
  > & { isBrandedContent: boolean }
>;

/** A stream that dropped and is scheduled to come back (a flap). */
export interface PendingFlap {
  readonly offlineAt: string;
  readonly onlineAt: string;
  /** The id the stream comes back with: a new one, as after any real reconnect of the encoder. */
  readonly streamId: string;
  readonly timer: NodeJS.Timeout;
}

/** Thrown when a flap is asked of a channel that is not live. */
export class ChannelOfflineError extends Error {}

export interface Channel {
  readonly broadcaster: EmulatorUser;
  readonly info: ChannelInfo;
  flap?: PendingFlap;
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

/** Twitch's stream timestamps carry whole seconds. */
function twitchNow(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Per-channel state, created lazily for any user's login. Every change of a stream's state
 * goes through here and is announced to listeners synchronously, so that Helix streams and
 * EventSub notifications agree at every moment.
 */
export class ChannelStore {
  private readonly channels = new Map<string, Channel>();
  private readonly streamListeners: ((event: StreamEvent) => void)[] = [];

  /** `newStreamId` draws a stream id (seeded, so runs repeat). */
  constructor(private readonly newStreamId: () => string = () => String(Date.now())) {}

  channel(broadcaster: EmulatorUser): Channel {
    let channel = this.channels.get(broadcaster.login);
    if (!channel) {
      channel = {
        broadcaster,
        info: {
          title: `${broadcaster.displayName} live on the emulator`,
          gameId: '509658',
          gameName: 'Just Chatting',
          language: 'en',
          tags: ['English'],
          delay: 0,
          contentClassificationLabels: [],
          isBrandedContent: false,
        },
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

  /** Changes the channel information; a live stream takes the new title, game, language and tags. */
  updateInfo(channel: Channel, changes: ChannelInfoChanges): ChannelInfo {
    Object.assign(channel.info, changes);
    const stream = channel.stream;
    if (stream) {
      const { title, gameId, gameName, language, tags } = channel.info;
      Object.assign(stream, { title, gameId, gameName, language, tags: [...tags] });
    }
    return channel.info;
  }

  /**
   * Starts a stream with the channel's current information and a new id. Going live again
   * while live replaces the stream (a new id and stream.online), as a restarted encoder does;
   * a pending flap is cancelled, the channel being live already.
   */
  goLive(
    channel: Channel,
    extras: { viewerCount?: number; isMature?: boolean; id?: string } = {},
  ): LiveStream {
    this.cancelFlap(channel);
    const { title, gameId, gameName, language, tags } = channel.info;
    const stream: LiveStream = {
      id: extras.id ?? this.newStreamId(),
      title,
      gameId,
      gameName,
      startedAt: twitchNow(),
      viewerCount: extras.viewerCount ?? 42,
      language,
      tags: [...tags],
      isMature: extras.isMature ?? false,
    };
    channel.stream = stream;
    this.emit({ type: 'stream.online', channel, stream });
    return stream;
  }

  /** Ends the stream; a pending flap is cancelled too, so the channel stays offline. */
  goOffline(channel: Channel): void {
    this.cancelFlap(channel);
    this.endStream(channel);
  }

  /**
   * A live stream drops now and comes back after `offlineMs` with a new stream id and the
   * channel's title at that moment. While a flap is pending, asking again answers the same
   * flap unchanged, so a retried request cannot stretch or double it.
   */
  flap(channel: Channel, offlineMs: number): PendingFlap {
    if (channel.flap) return channel.flap;
    const previous = channel.stream;
    if (!previous) throw new ChannelOfflineError(`${channel.broadcaster.login} is not live`);
    const now = Date.now();
    const streamId = this.newStreamId();
    const timer = setTimeout(() => {
      delete channel.flap;
      this.goLive(channel, {
        id: streamId,
        viewerCount: previous.viewerCount,
        isMature: previous.isMature,
      });
    }, offlineMs);
    timer.unref();
    channel.flap = {
      offlineAt: new Date(now).toISOString(),
      onlineAt: new Date(now + offlineMs).toISOString(),
      streamId,
      timer,
    };
    this.endStream(channel);
    return channel.flap;
  }

  /** Cancels a pending flap (the channel stays offline); false when none was pending. */
  cancelFlap(channel: Channel): boolean {
    if (!channel.flap) return false;
    clearTimeout(channel.flap.timer);
    delete channel.flap;
    return true;
  }

  close(): void {
    for (const channel of this.channels.values()) this.cancelFlap(channel);
  }

  liveChannels(): Channel[] {
    return [...this.channels.values()].filter((channel) => channel.stream !== undefined);
  }

  /** Stream changes as they happen, for EventSub notifications. */
  onStreamEvent(listener: (event: StreamEvent) => void): () => void {
    this.streamListeners.push(listener);
    return () => {
      const index = this.streamListeners.indexOf(listener);
      if (index >= 0) this.streamListeners.splice(index, 1);
    };
  }

  private endStream(channel: Channel): void {
    if (!channel.stream) return;
    delete channel.stream;
    this.emit({ type: 'stream.offline', channel });
  }

  private emit(event: StreamEvent): void {
    for (const listener of this.streamListeners) listener(event);
  }
}
