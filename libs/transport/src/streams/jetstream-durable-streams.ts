import {
  AckPolicy,
  DeliverPolicy,
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
import { consumerPending, secondsSince, streamPublishDuration } from '@greetboard/metrics';
import { nameIn, subjectIn, subjectOutside } from '../installation/installation-names.js';
import { BatchingWorker, type Delivery } from './batching-worker.js';
import {
  maxAckPendingFor,
  STREAM_DEFAULTS,
  type BatchHandler,
  type ConsumeOptions,
  type DurableStreams,
  type FollowHandler,
  type FollowOptions,
  type PublishResult,
  type StreamConsumer,
  type StreamSpec,
  type StreamMessage,
} from './durable-streams.js';
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

  /**
   * `ownsConnection`: close the connection on `close()` (true when created by `connect`).
   * `prefix`: the installation's (INSTALLATION_PREFIX), put before every subject, stream and
   * consumer name here, so callers use the names the contracts give.
   */
  constructor(
    private readonly nc: NatsConnection,
    private readonly ownsConnection = false,
    private readonly prefix?: string,
  ) {
    this.js = jetstream(nc);
  }

  static async connect(url: string, prefix?: string): Promise<JetStreamDurableStreams> {
    return new JetStreamDurableStreams(
      await connect({ servers: [url], ...NATS_CONNECTION_OPTIONS }),
      true,
      prefix,
    );
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    const jsm = await this.jsm();
    const name = nameIn(this.prefix, spec.name);
    const config = {
      subjects: spec.subjects.map((subject) => subjectIn(this.prefix, subject)),
      duplicate_window: nanos(spec.duplicateWindowMs ?? STREAM_DEFAULTS.duplicateWindowMs),
      max_age: spec.maxAgeMs === undefined ? 0 : nanos(spec.maxAgeMs),
    };
    try {
      await jsm.streams.add({ name, ...config });
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.code !== STREAM_NAME_IN_USE) throw error;
      await jsm.streams.update(name, config);
    }
  }

  async publish<T>(subject: string, data: T, opts: { msgId: string }): Promise<PublishResult> {
    const start = process.hrtime.bigint();
    try {
      const ack = await this.js.publish(
        subjectIn(this.prefix, subject),
        JSON.stringify(data) ?? 'null',
        {
          msgID: opts.msgId,
        },
      );
      streamPublishDuration.observe({ outcome: 'ok' }, secondsSince(start));
      return { duplicate: ack.duplicate, sequence: ack.seq };
    } catch (error) {
      streamPublishDuration.observe({ outcome: 'error' }, secondsSince(start));
      throw error;
    }
  }

  async consume<T>(options: ConsumeOptions, handler: BatchHandler<T>): Promise<StreamConsumer> {
    const opts: ConsumeOptions = {
      ...options,
      stream: nameIn(this.prefix, options.stream),
      durable: nameIn(this.prefix, options.durable),
      filterSubject:
        options.filterSubject === undefined
          ? undefined
          : subjectIn(this.prefix, options.filterSubject),
    };
    const maxBatch = opts.maxBatch ?? STREAM_DEFAULTS.maxBatch;
    await this.ensureConsumer(opts, maxBatch);
    const consumer = await this.js.consumers.get(opts.stream, opts.durable);
    const worker = new BatchingWorker<T>(handler, {
      maxBatch,
      flushDelayMs: FLUSH_DELAY_MS,
      // Acks are fire-and-forget; a flush makes sure they reached the server before the
      // next batch (and before stop() returns), so a restarted consumer does not see them again.
      afterSettle: () => this.nc.flush(),
      label: `${opts.stream}/${opts.durable}`,
      consumer: opts.durable,
    });
    const messages: ConsumerMessages = await consumer.consume({
      max_messages: maxAckPendingFor(maxBatch),
      callback: (message) => {
        // JetStream reports with each message how many are still waiting for this consumer.
        consumerPending.set({ consumer: opts.durable }, message.info.pending);
        const delivery = this.toDelivery<T>(message);
        if (delivery) worker.push(delivery);
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
  async follow<T>(options: FollowOptions, handler: FollowHandler<T>): Promise<StreamConsumer> {
    const consumer = await this.js.consumers.get(nameIn(this.prefix, options.stream), {
      filter_subjects: subjectIn(this.prefix, options.filterSubject),
      deliver_policy: DeliverPolicy.New,
    });
    let handled: Promise<void> = Promise.resolve();
    const messages = await consumer.consume({
      callback: (message) => {
        const delivery = this.toDelivery<T>(message);
        if (!delivery) return;
        handled = handled
          .then(() => handler(delivery.message))
          .catch((error: unknown) => {
            this.logger.error(`Following ${options.filterSubject} failed: ${String(error)}`);
          });
      },
    });
    const handle: StreamConsumer = {
      stop: async () => {
        this.consumers.delete(handle);
        await messages.close();
        await handled;
      },
    };
    this.consumers.add(handle);
    return handle;
  }

  isConnected(): boolean {
    return !this.nc.isClosed();
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
    if (this.ownsConnection && !this.nc.isClosed()) await this.nc.drain();
  }

  private jsm(): Promise<JetStreamManager> {
    this.manager ??= jetstreamManager(this.nc);
    return this.manager;
  }

  /** Creates the durable consumer, or brings an existing one's settings up to date. */
  private async ensureConsumer(opts: ConsumeOptions, maxBatch: number): Promise<void> {
    const jsm = await this.jsm();
    const settings = {
      ack_wait: nanos(opts.ackWaitMs ?? STREAM_DEFAULTS.ackWaitMs),
      max_deliver: opts.maxDeliver ?? STREAM_DEFAULTS.maxDeliver,
      max_ack_pending: maxAckPendingFor(maxBatch),
    };
    try {
      const info = await jsm.consumers.info(opts.stream, opts.durable);
      const current = info.config;
      const unchanged =
        current.ack_wait === settings.ack_wait &&
        current.max_deliver === settings.max_deliver &&
        current.max_ack_pending === settings.max_ack_pending;
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
      ...(opts.filterSubject === undefined ? {} : { filter_subject: opts.filterSubject }),
    };
    await jsm.consumers.add(opts.stream, config);
  }

  private toDelivery<T>(message: JsMsg): Delivery<T> | undefined {
    let data: T;
    try {
      data = message.json<T>();
    } catch (error) {
      // Redelivering bytes that are not JSON would fail forever; take them out of the stream.
      this.logger.error(
        `Dropping malformed message ${message.seq} on '${message.subject}'`,
        String(error),
      );
      message.term();
      return undefined;
    }
    const streamMessage: StreamMessage<T> = {
      subject: subjectOutside(this.prefix, message.subject),
      data,
      msgId: message.headers?.get(MSG_ID_HEADER) ?? '',
      deliveryCount: message.info.deliveryCount,
      sequence: message.seq,
    };
    return {
      message: streamMessage,
      ack: () => message.ack(),
      nak: (delayMs) => message.nak(delayMs),
    };
  }
}
