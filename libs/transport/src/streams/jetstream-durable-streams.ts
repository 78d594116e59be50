import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { deadLetterSubject } from '@greetboard/contracts';
import { consumerPending, secondsSince, streamPublishDuration } from '@greetboard/metrics';
import { nameIn, subjectIn, subjectOutside } from '../installation/installation-names.js';
import { BatchingWorker, type Delivery } from './batching-worker.js';
import { deadLetterId, type DeadLetterSink, type ReadMessage } from './dead-letters.js';
import {
  deadLetterStreamSpec,
  maxAckPendingFor,
  STREAM_DEFAULTS,
  type BatchHandler,
  type ConsumeOptions,
  type DurableStreams,
  type DurableStreamsSettings,
  type FollowHandler,
  type FollowOptions,
  type PublishResult,
  type StreamConsumer,
  type StreamSpec,
  type StreamStorage,
  withConfiguredLimits,
} from './durable-streams.js';
import { followHandler } from './follow-handler.js';
import { NATS_CONNECTION_OPTIONS } from '../nats/connection-options.js';

/** Gathers the messages of one network read into a batch; well under the 10 ms latency budget. */
const FLUSH_DELAY_MS = 2;
const MSG_ID_HEADER = 'Nats-Msg-Id';
/** JetStream's "stream name already in use with a different configuration". */
const STREAM_NAME_IN_USE = 10058;

/** `DurableStreams` over JetStream: explicit-ack durable pull consumers, msgId de-duplication. */
export class JetStreamDurableStreams implements DurableStreams {
  private readonly logger = new Logger(JetStreamDurableStreams.name);
  private readonly js: JetStreamClient;
  private manager: Promise<JetStreamManager> | undefined;
  private readonly consumers = new Set<StreamConsumer>();
  private deadLetterStream: Promise<void> | undefined;

  /**
   * `ownsConnection`: close the connection on `close()` (true when created by `connect`).
   * `prefix`: the installation's (INSTALLATION_PREFIX), put before every subject, stream and
   * consumer name here, so callers use the names the contracts give.
   */
  constructor(
    private readonly nc: NatsConnection,
    private readonly ownsConnection = false,
    private readonly prefix?: string,
    private readonly settings: DurableStreamsSettings = {
      maxDeliveries: STREAM_DEFAULTS.maxDeliveries,
    },
  ) {
    this.js = jetstream(nc);
  }

  static async connect(
    url: string,
    prefix?: string,
    settings?: DurableStreamsSettings,
  ): Promise<JetStreamDurableStreams> {
    return new JetStreamDurableStreams(
      await connect({ servers: [url], ...NATS_CONNECTION_OPTIONS }),
      true,
      prefix,
      settings,
    );
  }

  /**
   * Creates the stream, or brings an existing one's subjects and limits to `spec` (with the
   * configured limits): an installation whose limits changed gets them at its next boot.
   */
  async ensureStream(streamSpec: StreamSpec): Promise<void> {
    const spec = withConfiguredLimits(streamSpec, this.settings);
    const jsm = await this.jsm();
    const name = nameIn(this.prefix, spec.name);
    const config = {
      subjects: spec.subjects.map((subject) => subjectIn(this.prefix, subject)),
      duplicate_window: nanos(spec.duplicateWindowMs ?? STREAM_DEFAULTS.duplicateWindowMs),
      max_age: spec.maxAgeMs === undefined ? 0 : nanos(spec.maxAgeMs),
      max_bytes: spec.maxBytes ?? -1,
      discard: spec.discard === 'new' ? DiscardPolicy.New : DiscardPolicy.Old,
    };
    try {
      await jsm.streams.add({ name, ...config });
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.code !== STREAM_NAME_IN_USE) throw error;
      const { config: before } = await jsm.streams.info(name);
      // A process given no limits (a one-off command) leaves an existing stream's as they are.
      const bounded = spec.maxAgeMs !== undefined || spec.maxBytes !== undefined;
      await jsm.streams.update(
        name,
        bounded ? config : { ...config, max_age: before.max_age, max_bytes: before.max_bytes },
      );
      if (!bounded) return;
      this.logger.log(
        `Stream ${name} updated: max_age ${before.max_age / 1e6} -> ${config.max_age / 1e6} ms, ` +
          `max_bytes ${before.max_bytes} -> ${config.max_bytes}, discard ${before.discard} -> ${config.discard}`,
      );
    }
  }

  async storage(streams: readonly string[]): Promise<StreamStorage[]> {
    const jsm = await this.jsm();
    const held: StreamStorage[] = [];
    for (const stream of streams) {
      try {
        const info = await jsm.streams.info(nameIn(this.prefix, stream));
        held.push({
          stream,
          messages: info.state.messages,
          bytes: info.state.bytes,
          maxBytes: info.config.max_bytes,
        });
      } catch (error) {
        if (
          !(error instanceof JetStreamApiError) ||
          error.code !== JetStreamApiCodes.StreamNotFound
        )
          throw error;
      }
    }
    return held;
  }

  publish<T>(subject: string, data: T, opts: { msgId: string }): Promise<PublishResult> {
    return this.publishJson(subject, JSON.stringify(data) ?? 'null', opts);
  }

  async publishJson(
    subject: string,
    json: string,
    opts: { msgId: string },
  ): Promise<PublishResult> {
    const start = process.hrtime.bigint();
    try {
      const ack = await this.js.publish(subjectIn(this.prefix, subject), json, {
        msgID: opts.msgId,
      });
      streamPublishDuration.observe({ outcome: 'ok' }, secondsSince(start));
      return { duplicate: ack.duplicate, sequence: ack.seq };
    } catch (error) {
      streamPublishDuration.observe({ outcome: 'error' }, secondsSince(start));
      throw error;
    }
  }

  async consume<T>(options: ConsumeOptions<T>, handler: BatchHandler<T>): Promise<StreamConsumer> {
    const opts: ConsumeOptions<T> = {
      ...options,
      stream: nameIn(this.prefix, options.stream),
      durable: nameIn(this.prefix, options.durable),
      filterSubject:
        options.filterSubject === undefined
          ? undefined
          : subjectIn(this.prefix, options.filterSubject),
    };
    const maxBatch = opts.maxBatch ?? STREAM_DEFAULTS.maxBatch;
    await this.ensureDeadLetterStream();
    await this.ensureConsumer(opts, maxBatch);
    const consumer = await this.js.consumers.get(opts.stream, opts.durable);
    const worker = new BatchingWorker<T>(handler, {
      maxBatch,
      flushDelayMs: opts.flushDelayMs ?? FLUSH_DELAY_MS,
      // Acks are fire-and-forget; a flush makes sure they reached the server before the
      // next batch (and before stop() returns), so a restarted consumer does not see them again.
      afterSettle: () => this.nc.flush(),
      label: `${opts.stream}/${opts.durable}`,
      stream: options.stream,
      consumer: options.durable,
      metricsLabel: opts.durable,
      payload: options.payload,
      records: options.records,
      maxDeliveries: options.maxDeliveries ?? this.settings.maxDeliveries,
      deadLetters: this.deadLetters,
    });
    const messages: ConsumerMessages = await consumer.consume({
      max_messages: maxAckPendingFor(maxBatch, opts.maxAckPending),
      callback: (message) => {
        // JetStream reports with each message how many are still waiting for this consumer.
        consumerPending.set({ consumer: opts.durable }, message.info.pending);
        worker.push(this.toDelivery(message));
      },
    });
    const handle: StreamConsumer = {
      stop: async () => {
        this.consumers.delete(handle);
        await messages.close();
        await worker.stop();
      },
    };
    this.consumers.add(handle);
    return handle;
  }

  /**
   * An ordered consumer: ephemeral (the server removes it soon after the follower is gone),
   * and resumed by the client from the last sequence it handed over when the connection
   * comes back.
   */
  async follow<T>(options: FollowOptions<T>, handler: FollowHandler<T>): Promise<StreamConsumer> {
    await this.ensureDeadLetterStream();
    const consumer = await this.js.consumers.get(nameIn(this.prefix, options.stream), {
      filter_subjects: subjectIn(this.prefix, options.filterSubject),
      deliver_policy: DeliverPolicy.New,
    });
    const handle = followHandler(options, handler, this.deadLetters, this.logger);
    let handled: Promise<void> = Promise.resolve();
    const messages = await consumer.consume({
      callback: (message) => {
        const read = this.toDelivery(message).message;
        handled = handled.then(() => handle(read));
      },
    });
    const follower: StreamConsumer = {
      stop: async () => {
        this.consumers.delete(follower);
        await messages.close();
        await handled;
      },
    };
    this.consumers.add(follower);
    return follower;
  }

  isConnected(): boolean {
    return !this.nc.isClosed();
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
    if (this.ownsConnection && !this.nc.isClosed()) await this.nc.drain();
  }

  /** Stores a dead letter once, however often a consumer gives up on the message. */
  private readonly deadLetters: DeadLetterSink = async (letter) => {
    await this.publish(deadLetterSubject(letter.consumer), letter, { msgId: deadLetterId(letter) });
  };

  private ensureDeadLetterStream(): Promise<void> {
    this.deadLetterStream ??= this.ensureStream(deadLetterStreamSpec()).catch((error: unknown) => {
      this.deadLetterStream = undefined;
      throw error;
    });
    return this.deadLetterStream;
  }

  private jsm(): Promise<JetStreamManager> {
    this.manager ??= jetstreamManager(this.nc);
    return this.manager;
  }

  /** Creates the durable consumer, or brings an existing one's settings up to date. */
  private async ensureConsumer<T>(opts: ConsumeOptions<T>, maxBatch: number): Promise<void> {
    const jsm = await this.jsm();
    const settings = {
      ack_wait: nanos(opts.ackWaitMs ?? STREAM_DEFAULTS.ackWaitMs),
      // The server never gives up on a message: the worker dead-letters it (maxDeliveries).
      max_deliver: -1,
      max_ack_pending: maxAckPendingFor(maxBatch, opts.maxAckPending),
      ...(opts.filterSubject === undefined ? {} : { filter_subject: opts.filterSubject }),
    };
    try {
      const info = await jsm.consumers.info(opts.stream, opts.durable);
      const current = info.config;
      const unchanged =
        current.ack_wait === settings.ack_wait &&
        current.max_deliver === settings.max_deliver &&
        current.max_ack_pending === settings.max_ack_pending &&
        (current.filter_subject || undefined) === opts.filterSubject;
      if (!unchanged) await jsm.consumers.update(opts.stream, opts.durable, settings);
      return;
    } catch (error) {
      if (
        !(error instanceof JetStreamApiError) ||
        error.code !== JetStreamApiCodes.ConsumerNotFound
      )
        throw error;
    }
    const config: Partial<ConsumerConfig> = {
      durable_name: opts.durable,
      ack_policy: AckPolicy.Explicit,
      ...settings,
    };
    await jsm.consumers.add(opts.stream, config);
  }

  private toDelivery(message: JsMsg): Delivery {
    let data: unknown;
    let malformed: string | undefined;
    try {
      data = message.json<unknown>();
    } catch (error) {
      // Bytes that are not JSON fail validation: they go to the dead letters, not round again.
      malformed = String(error);
    }
    const read: ReadMessage = {
      subject: subjectOutside(this.prefix, message.subject),
      data,
      msgId: message.headers?.get(MSG_ID_HEADER) ?? '',
      deliveryCount: message.info.deliveryCount,
      sequence: message.seq,
      raw: () => message.string(),
      malformed,
    };
    return {
      message: read,
      ack: () => message.ack(),
      nak: (delayMs) => message.nak(delayMs),
    };
  }
}
