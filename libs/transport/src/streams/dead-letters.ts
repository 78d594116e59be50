import type { Logger } from '@nestjs/common';
import type { DeadLetter, DeadLetterReason } from '@greetboard/contracts';
import { streamMessagesDeadLettered } from '@greetboard/metrics';
import type { StreamMessage } from './durable-streams.js';
import type { Validation, PayloadValidator } from './payload-validators.js';

/** A message as an adapter read it, before validation. */
export interface ReadMessage extends StreamMessage<unknown> {
  /** The data as stored, for the dead-letter stream. */
  raw(): string;
  /** Set when the stored bytes are not JSON at all. */
  malformed?: string;
  /** A record of a message that packs several: its place in the message (ADR 0057). */
  record?: number;
}

/** Stores one dead letter; an adapter publishes it to the dead-letter stream. */
export type DeadLetterSink = (letter: DeadLetter) => Promise<void>;

/** Who gives up on messages, as dead letters name it. */
export interface DeadLetterSource {
  stream: string;
  consumer: string;
  /** The `consumer` label of the metric (the durable as the server knows it). */
  metricsLabel: string;
  sink: DeadLetterSink;
  logger: Logger;
}

/** The message's data as `payload` accepts it; every message passes when there is none. */
export function validate<T>(
  message: ReadMessage,
  payload: PayloadValidator<T> | undefined,
): Validation<T> {
  if (message.malformed !== undefined)
    return { valid: false, error: `not JSON: ${message.malformed}` };
  if (!payload) return { valid: true, value: message.data as T };
  try {
    return payload(message.data, message.subject);
  } catch (error) {
    return { valid: false, error: errorText(error) };
  }
}

/**
 * Stores the message in the dead-letter stream with why it was given up on, counts it and logs
 * one line (no stack: the letter holds the error). Throws when it could not be stored, so the
 * caller leaves the message for redelivery rather than lose it.
 */
export async function deadLetter(
  source: DeadLetterSource,
  message: ReadMessage,
  reason: DeadLetterReason,
  error: string,
): Promise<void> {
  await source.sink({
    reason,
    error,
    stream: source.stream,
    subject: message.subject,
    sequence: message.sequence,
    msgId: message.msgId,
    ...(message.record === undefined ? {} : { record: message.record }),
    consumer: source.consumer,
    deliveries: message.deliveryCount,
    data: message.raw(),
    deadLetteredAt: new Date().toISOString(),
  });
  streamMessagesDeadLettered.inc({ consumer: source.metricsLabel, reason });
  const record = message.record === undefined ? '' : ` record ${message.record}`;
  source.logger.warn(
    `Dead-lettered ${source.stream} #${message.sequence}${record} (${message.subject}, msgId ${message.msgId}) ` +
      `after ${message.deliveryCount} deliveries, ${reason}: ${error}`,
  );
}

/** The id that stores a message's dead letter once, however often a consumer gives up on it. */
export function deadLetterId(letter: DeadLetter): string {
  const record = letter.record === undefined ? '' : `:${letter.record}`;
  return `${letter.consumer}:${letter.stream}:${letter.sequence}${record}`;
}

/** Series exist from the start, so rates over them read 0 rather than nothing. */
export function initDeadLetterSeries(metricsLabel: string): void {
  for (const reason of ['invalid', 'handler_failed'] satisfies DeadLetterReason[])
    streamMessagesDeadLettered.inc({ consumer: metricsLabel, reason }, 0);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
