import { EventPattern, MessagePattern, type EventDataMethodDecorator } from '@nestjs/microservices';
import type { EventDefinition, RequestDefinition } from '@greetboard/contracts';

/** Handles the requests of `definition`; the subject comes from the contract, never a literal. */
export function OnRequest<TRequest extends object, TResponse>(
  definition: RequestDefinition<TRequest, TResponse>,
): MethodDecorator {
  return MessagePattern(definition.subject);
}

/**
 * Handles the events of `definition`; the subject comes from the contract, never a literal.
 * The handler's payload parameter is checked against the definition's payload type.
 */
export function OnEvent<TPayload extends object>(
  definition: EventDefinition<TPayload>,
): EventDataMethodDecorator<Record<string, TPayload>, string> {
  return EventPattern<Record<string, TPayload>>(definition.subject);
}
