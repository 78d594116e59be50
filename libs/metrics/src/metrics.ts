import { Counter, Gauge, Histogram } from 'prom-client';

/**
 * Every Greetboard metric, defined in one place because the alert rules and the dashboard
 * (deploy/) name them. None is registered here: a process exports only the families of the
 * services it runs (see `initMetrics` in registration.ts), so a scrape of the gateway shows no
 * chat-ingest series and an alert can tell which service a family comes from.
 */
const UNREGISTERED = { registers: [] };

const SECONDS_FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const chatLinesReceived = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_chat_lines_received_total',
  help: 'Chat lines read from Twitch by chat-ingest.',
});
export const chatLinesPublished = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_chat_lines_published_total',
  help: 'Chat lines stored in JetStream by chat-ingest (duplicates excluded).',
});
export const streamPublishDuration = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_jetstream_publish_duration_seconds',
  help: 'Time until JetStream acknowledged a published message.',
  labelNames: ['outcome'],
  buckets: SECONDS_FAST,
});
export const consumerPending = new Gauge({
  ...UNREGISTERED,
  name: 'greetboard_consumer_pending_messages',
  help: 'Messages of a durable consumer not yet delivered, as last reported by JetStream.',
  labelNames: ['consumer'],
});
export const consumerDelivered = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_consumer_messages_total',
  help: 'Messages a durable consumer handled, by outcome (acked, retried).',
  labelNames: ['consumer', 'outcome'],
});
export const consumerRedeliveries = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_consumer_redeliveries_total',
  help: 'Messages delivered again after a failed or unacknowledged earlier delivery.',
  labelNames: ['consumer'],
});
export const streamMessagesDeadLettered = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_stream_messages_dead_lettered_total',
  help: 'Messages a consumer gave up on and stored in the dead-letter stream, by reason (invalid, handler_failed).',
  labelNames: ['consumer', 'reason'],
});
export const consumerBatchSize = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_consumer_batch_size',
  help: 'Messages handed to a consumer at once.',
  labelNames: ['consumer'],
  buckets: [1, 2, 5, 10, 20, 50, 100, 200],
});
export const chatterUpsertDuration = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_chatter_upsert_duration_seconds',
  help: 'Time to upsert one batch of chat lines into chatters.',
  buckets: SECONDS_FAST,
});
export const newChatters = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_new_chatters_total',
  help: 'Chatters created (first qualifying line of a user in a session).',
});
export const greetDuration = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_greet_duration_seconds',
  help: 'Time the sessions service took to persist a greet toggle and emit its event.',
  buckets: SECONDS_FAST,
});
export const welcomeMessages = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_welcome_messages_total',
  help: 'Welcome messages in chat by outcome (sent, dropped by Twitch, failed) (ADR 0054).',
  labelNames: ['outcome'],
});
export const shoutouts = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_shoutouts_total',
  help: 'Helix shoutouts by outcome (sent, rate_limited, failed) (ADR 0054).',
  labelNames: ['outcome'],
});
export const liveSockets = new Gauge({
  ...UNREGISTERED,
  name: 'greetboard_live_sockets',
  help: 'Open /ws sockets on this gateway.',
});
export const liveMessages = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_live_messages_total',
  help: 'Live-channel messages, by direction (sent to or received from browsers).',
  labelNames: ['direction'],
});
export const liveSocketCloses = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_live_socket_closes_total',
  help: 'Closed /ws sockets by close code class (normal, going_away, abnormal, other).',
  labelNames: ['reason'],
});
// Every kind of close reported from the start, so a rate over them has data before the first.
for (const reason of ['normal', 'going_away', 'abnormal', 'other'])
  liveSocketCloses.inc({ reason }, 0);
for (const direction of ['sent', 'received']) liveMessages.inc({ direction }, 0);
export const liveMessagesRefused = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_live_messages_refused_total',
  help: 'Live-channel messages refused, by reason (user_rate, invalid, not_allowed, claim_rate, …).',
  labelNames: ['reason'],
});

export const natsRequestDuration = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_nats_request_duration_seconds',
  help: 'Duration of requests sent over NATS, by subject and outcome.',
  labelNames: ['subject', 'outcome'],
  buckets: SECONDS_FAST,
});
export const channelLeasesHeld = new Gauge({
  ...UNREGISTERED,
  name: 'greetboard_channel_leases_held',
  help: 'Monitored channels whose lease this chat-ingest replica holds.',
});
export const monitoredChannels = new Gauge({
  ...UNREGISTERED,
  name: 'greetboard_monitored_channels',
  help: 'Channels with an active session, as seen by this chat-ingest replica.',
});
export const channelHandovers = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_channel_handovers_total',
  help: 'Channels this replica released for another to take (shutdown, rebalance).',
});
export const channelTakeovers = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_channel_takeovers_total',
  help: 'Channels this replica took over from a replica whose lease expired.',
});
export const chatChannelsUnjoined = new Gauge({
  ...UNREGISTERED,
  name: 'greetboard_chat_channels_unjoined',
  help: 'Channels this chat-ingest replica holds or is taking whose JOIN Twitch has not confirmed.',
});
export const chatJoinFailures = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_chat_join_failures_total',
  help: 'Twitch chat JOINs that failed, by reason (timeout, refused, disconnected); each is retried.',
  labelNames: ['reason'],
});
for (const reason of ['timeout', 'refused', 'disconnected']) chatJoinFailures.inc({ reason }, 0);
export const twitchConnections = new Gauge({
  ...UNREGISTERED,
  name: 'greetboard_twitch_connections',
  help: 'Open Twitch chat connections.',
});
export const twitchReconnects = new Counter({
  ...UNREGISTERED,
  name: 'greetboard_twitch_reconnects_total',
  help: 'Twitch chat connections re-established after a drop or a RECONNECT.',
});
export const httpRequestDuration = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_http_request_duration_seconds',
  help: 'Duration of HTTP requests to the gateway, by method, route and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * Time from a chat line's `tmi-sent-ts` (Twitch's clock, when Twitch accepted the line) to
 * the moment a gateway wrote the chatter it changed to the sockets showing the session: what
 * a streamer waits between a chatter's line and its row. Twitch's own timestamp rather than
 * chat-ingest's receipt, so a slow or reconnecting Twitch connection counts too.
 */
export const chatLineToSocket = new Histogram({
  ...UNREGISTERED,
  name: 'greetboard_chat_line_to_socket_seconds',
  help: "Time from a chat line's Twitch timestamp to its chatter's live message on the sockets.",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Seconds since `start` (from `process.hrtime.bigint()`). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
