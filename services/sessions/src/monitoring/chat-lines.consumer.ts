import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ChatLineReceived, chatLineRecords, isChatLineReceived } from '@greetboard/contracts';
import { chatterUpsertDuration, newChatters, secondsSince } from '@greetboard/metrics';
import {
  checkedPayload,
  defineStreamConsumer,
  type DurableStreams,
  type StreamConsumer,
  type StreamMessage,
} from '@greetboard/transport';
import { ChatterProfilesJob } from '../chatter-profiles/chatter-profiles.job.js';
import type { RecordedChatter } from '../chatters/chatter-rows.js';
import { ChattersRepository } from '../chatters/chatters.repository.js';
import { LiveEvents, type LiveChatterTexts } from '../live/live-events.js';
import { ModerationRepository } from '../moderation/moderation.repository.js';
import { RaidsRepository } from '../raids/raids.repository.js';
import { SESSIONS_STREAMS, SESSIONS_STREAM_SETTINGS, type StreamSettings } from '../streams.js';
import { WelcomeService } from '../welcome/welcome.service.js';

/** Lines handled in one database statement at most (whole stream messages, at least one). */
const MAX_BATCH = 500;
/**
 * Lines a replica took but did not acknowledge (it was killed mid-batch) go to another replica
 * after this long. A batch takes milliseconds; JetStream's 30 s default would hold up to
 * 2 × MAX_BATCH lines of every session that long, and with them the shared ack-pending window.
 * A redelivery racing a slow first attempt is harmless: chat_lines_seen counts each line once.
 */
const ACK_WAIT_MS = 5_000;
/**
 * Stream messages delivered and not yet acked. A message holds up to 250 lines (ADR 0057), so
 * the default (twice MAX_BATCH messages) could buffer a hundred batches, longer than
 * ACK_WAIT_MS under load, and have them delivered again meanwhile. 32 messages are a few
 * batches at any rate (about 50 lines a message at 20,000 lines/s), 16 batches at most.
 */
const MAX_ACK_PENDING = 32;

/**
 * The chat pipeline's last step: lines from the durable stream become chatters. Each batch is
 * counted by set-based upserts, one per shard of whole channels (ADR 0059), with the ignore
 * list, bots, the owner's own lines and keywords applied in them. The batch is acknowledged
 * only after those statements committed, so a crash redelivers it, and message ids recorded
 * per session make the redelivery count nothing twice. The live event follows the commit:
 * one per session of the batch, with all its new and changed chatters and who may see them
 * (read in the same statement). Raid records on the same stream (ADR 0032) are stored first,
 * so the batch's new chatters who arrive with a raid are marked; moderation records (ADR 0041)
 * are applied last, so a ban finds the row its target's lines in the same batch created.
 */
@Injectable()
export class ChatLinesConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer: StreamConsumer | undefined;

  constructor(
    @Inject(SESSIONS_STREAMS) private readonly streams: DurableStreams,
    @Inject(SESSIONS_STREAM_SETTINGS) private readonly settings: StreamSettings,
    private readonly chatters: ChattersRepository,
    private readonly raids: RaidsRepository,
    private readonly moderation: ModerationRepository,
    private readonly live: LiveEvents,
    private readonly profiles: ChatterProfilesJob,
    private readonly welcome: WelcomeService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.streams.ensureStream(this.settings.chatLines);
    this.consumer = await this.streams.consume(
      defineStreamConsumer({
        stream: this.settings.chatLines.name,
        durable: this.settings.chatLinesDurable,
        // The hot path: the written-out check, class-validator only to explain a rejection.
        payload: checkedPayload(ChatLineReceived, isChatLineReceived),
        // Batches of lines and single lines alike (ADR 0057); each line is checked on its own.
        records: chatLineRecords,
        maxBatch: MAX_BATCH,
        flushDelayMs: this.settings.chatLinesBatchMs,
        maxAckPending: MAX_ACK_PENDING,
        ackWaitMs: ACK_WAIT_MS,
      }),
      (batch) => this.handle(batch),
    );
  }

  /** Before the streams connection closes: the batch in flight finishes and is acknowledged. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async handle(batch: StreamMessage<ChatLineReceived>[]): Promise<void> {
    const lines: ChatLineReceived[] = [];
    const raids: ChatLineReceived[] = [];
    const moderation: ChatLineReceived[] = [];
    for (const { data: line } of batch) {
      if (line.moderation !== undefined) moderation.push(line);
      else (line.raidViewerCount === undefined ? lines : raids).push(line);
    }
    // Raids first, so the raiders among this batch's new chatters are marked (ADR 0032).
    const recordedRaids = await this.raids.recordRaids(raids);
    const start = process.hrtime.bigint();
    // Shards of different channels count side by side, each in its own statement (ADR 0059).
    const counted = await Promise.allSettled(
      channelShards(lines).map((shard) => this.chatters.recordChatLines(shard)),
    );
    chatterUpsertDuration.observe(secondsSince(start));
    const recorded = counted.flatMap((shard) => (shard.status === 'fulfilled' ? shard.value : []));
    newChatters.inc(recorded.filter((entry) => entry.isNew).length);
    const failed = counted.find((shard) => shard.status === 'rejected');
    if (failed) {
      // What committed is told now: the batch comes again, and its counted lines then change
      // nothing, so no later event would carry them.
      await this.live.chatterTextsChanged(liveEvents(recorded, recorded));
      throw failed.reason;
    }
    const moderated = await this.moderation.recordModeration(moderation);
    for (const { raid, ownerId } of recordedRaids) {
      await this.live.toSession(ownerId, raid.sessionId, 'raid', raid);
    }
    if (recordedRaids.length > 0) await this.welcome.raidsArrived(recordedRaids);
    await this.live.chatterTextsChanged(liveEvents([...recorded, ...moderated], recorded));
    // The image comes from Helix in the background, never on this path.
    if (recorded.some((chatter) => chatter.isNew && !chatter.hasProfileImage)) {
      this.profiles.wake();
    }
  }
}

/**
 * Lines from this many channels' worth of a batch count in separate statements at once, so a
 * busy batch uses more than one of PostgreSQL's CPUs. Each channel's lines stay in one shard
 * (one session's lines in one statement, in order), so the statements never wait on each
 * other's rows; a failed shard leaves the other's commit, and the redelivery counts only what
 * it had not.
 */
const SHARDS = 2;
/** A batch smaller than this is one statement: a second costs more than it saves. */
const SHARD_MIN_LINES = 64;

/** `lines` in up to SHARDS groups of whole channels, of about equal size. */
export function channelShards(lines: ChatLineReceived[]): ChatLineReceived[][] {
  if (lines.length < SHARD_MIN_LINES) return [lines];
  const byChannel = new Map<string, ChatLineReceived[]>();
  for (const line of lines) {
    const channel = line.channel.toLowerCase();
    const own = byChannel.get(channel);
    if (own) own.push(line);
    else byChannel.set(channel, [line]);
  }
  if (byChannel.size < 2) return [lines];
  const shards = Array.from({ length: Math.min(SHARDS, byChannel.size) }, () => ({
    lines: [] as ChatLineReceived[],
  }));
  // The busiest channels first, each to the shard with the fewest lines so far.
  for (const channelLines of [...byChannel.values()].sort((a, b) => b.length - a.length)) {
    const smallest = shards.reduce((least, shard) =>
      shard.lines.length < least.lines.length ? shard : least,
    );
    smallest.lines.push(...channelLines);
  }
  return shards.map((shard) => shard.lines);
}

/**
 * One live event per session, with each chatter once in its newest state (a chatter created
 * and then moderated in one batch goes out as created, already marked) and the list version
 * of the session's last write. Chatters that chat lines changed (`fromLines`) carry their
 * newest line's Twitch time, for the gateways' line-to-screen histogram.
 */
function liveEvents(
  recorded: RecordedChatter[],
  fromLines: RecordedChatter[] = [],
): LiveChatterTexts[] {
  const linesSentAt = new Map<string, Record<string, number>>();
  for (const chatter of fromLines) {
    const bySession = linesSentAt.get(chatter.sessionId) ?? {};
    bySession[chatter.id] = chatter.lastSeenMs;
    linesSentAt.set(chatter.sessionId, bySession);
  }
  const bySession = new Map<
    string,
    {
      event: LiveChatterTexts;
      created: Map<string, RecordedChatter>;
      updated: Map<string, RecordedChatter>;
    }
  >();
  for (const chatter of recorded) {
    let entry = bySession.get(chatter.sessionId);
    if (!entry) {
      entry = {
        event: {
          sessionId: chatter.sessionId,
          userIds: [chatter.ownerId, ...chatter.editorIds],
          created: [],
          updated: [],
          listVersion: chatter.listVersion,
        },
        created: new Map(),
        updated: new Map(),
      };
      bySession.set(chatter.sessionId, entry);
    }
    entry.event.listVersion = chatter.listVersion;
    if (chatter.isNew || entry.created.has(chatter.id)) entry.created.set(chatter.id, chatter);
    else entry.updated.set(chatter.id, chatter);
  }
  return [...bySession.values()].map(({ event, created, updated }) => {
    const sentAt = linesSentAt.get(event.sessionId);
    return {
      ...event,
      created: [...created.values()],
      updated: [...updated.values()],
      ...(sentAt ? { linesSentAt: sentAt } : {}),
    };
  });
}
