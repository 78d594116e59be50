/** Why a consumer gave up on a message. */
export type DeadLetterReason = 'invalid' | 'handler_failed';

/**
 * A message a durable consumer gave up on, as stored in the dead-letter stream: what went wrong,
 * where the message came from, and its bytes as they were stored, so an operator can see why it
 * failed and publish it again once the cause is fixed.
 */
export interface DeadLetter {
  reason: DeadLetterReason;
  /** The validation or handler error. */
  error: string;
  stream: string;
  subject: string;
  sequence: number;
  msgId: string;
  /** Set when the message packs several records: which one this letter holds (ADR 0057). */
  record?: number;
  /** The durable consumer (or follower) that gave up. */
  consumer: string;
  /** Deliveries the message had when it was given up on. */
  deliveries: number;
  /** The message's data, as stored in the stream (of a packed message, the record's). */
  data: string;
  deadLetteredAt: string;
}
