import { randomUUID } from 'node:crypto';
import type { IncomingEvent, IncomingRequest } from '@nestjs/microservices';

/**
 * Stands in for a payload whose bytes were not valid JSON. It travels to the handler like any
 * payload so the validation pipe rejects it with VALIDATION_FAILED and the caller gets an
 * answer instead of waiting for a timeout.
 */
export class MalformedPayload {
  constructor(readonly reason: string) {}
}

/**
 * Turns the bytes of an incoming message into a Nest packet, for both transports.
 *
 * Nest's own NATS deserializer throws on invalid JSON (the requester then hears nothing) and
 * treats a foreign JSON message without a Nest envelope as an event even when it carries a reply
 * subject. Here a message with a reply subject is always a request, and malformed bytes become
 * a `MalformedPayload`.
 */
export function decodeIncomingMessage(
  parse: () => unknown,
  channel: string,
  replyTo: string | undefined,
): IncomingRequest | IncomingEvent {
  let decoded: unknown;
  try {
    decoded = parse();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return withReplyId({ pattern: channel, data: new MalformedPayload(reason) }, replyTo);
  }
  if (isNestPacket(decoded)) {
    return decoded.id === undefined ? withReplyId(decoded, replyTo) : (decoded as IncomingRequest);
  }
  return withReplyId({ pattern: channel, data: decoded }, replyTo);
}

interface NestPacket {
  pattern: unknown;
  data: unknown;
  id?: string;
}

function isNestPacket(value: unknown): value is NestPacket {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return 'pattern' in value && 'data' in value;
}

function withReplyId(
  packet: NestPacket,
  replyTo: string | undefined,
): IncomingRequest | IncomingEvent {
  const { pattern } = packet;
  if (replyTo === undefined) return { pattern, data: packet.data };
  return { pattern, data: packet.data, id: randomUUID() };
}
