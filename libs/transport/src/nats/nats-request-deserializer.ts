import type { Msg } from '@nats-io/transport-node';
import type { ConsumerDeserializer, IncomingEvent, IncomingRequest } from '@nestjs/microservices';
import { decodeIncomingMessage } from '../nest/incoming-request.js';

/**
 * Replaces Nest's `NatsRequestJSONDeserializer`, which throws on bytes that are not JSON: the
 * server then only logs, and the requester waits for its timeout. Here malformed bytes reach the
 * handler as a `MalformedPayload`, which the validation pipe answers with VALIDATION_FAILED.
 */
export class NatsRequestDeserializer implements ConsumerDeserializer {
  deserialize(message: Msg, options?: { channel?: string }): IncomingRequest | IncomingEvent {
    const channel = options?.channel ?? message.subject;
    return decodeIncomingMessage(() => message.json(), channel, message.reply || undefined);
  }
}
