import type { Logger } from '@nestjs/common';
import { toStreamMessage } from './batching-worker.js';
import {
  deadLetter,
  errorText,
  validate,
  type DeadLetterSink,
  type ReadMessage,
} from './dead-letters.js';
import type { FollowHandler, FollowOptions } from './durable-streams.js';

/**
 * What both adapters run for each followed message: a valid one goes to the handler, an invalid
 * one to the dead-letter stream. Nothing is acknowledged or retried (following is not durable),
 * so a failing handler or dead letter is logged and the next message follows.
 */
export function followHandler<T>(
  opts: FollowOptions<T>,
  handler: FollowHandler<T>,
  sink: DeadLetterSink,
  logger: Logger,
): (message: ReadMessage) => Promise<void> {
  const consumer = opts.name ?? 'follower';
  return async (message) => {
    try {
      const checked = validate(message, opts.payload);
      if (checked.valid) await handler(toStreamMessage(message, checked.value));
      else
        await deadLetter(
          { stream: opts.stream, consumer, metricsLabel: consumer, sink, logger },
          message,
          'invalid',
          checked.error,
        );
    } catch (error) {
      logger.error(`Following ${opts.filterSubject} failed: ${errorText(error)}`);
    }
  };
}
