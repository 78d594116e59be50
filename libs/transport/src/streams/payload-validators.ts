import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import {
  DOMAIN_EVENTS,
  type DomainEvent,
  type DomainEventDefinition,
  type DomainEventName,
  type PayloadClass,
} from '@greetboard/contracts';

export type Validation<T> = { valid: true; value: T } | { valid: false; error: string };

/**
 * Checks a message's data before a handler sees it; `subject` lets one validator take several
 * kinds of message. It turns the data into what the handler gets, or says what is wrong.
 */
export type PayloadValidator<T> = (data: unknown, subject: string) => Validation<T>;

/** Validation by a class-validator class: the data as an instance of it. */
export function classPayload<T extends object>(type: PayloadClass<T>): PayloadValidator<T> {
  return (data) => validateClass(type, data);
}

/**
 * For hot paths, where class-validator's tens of microseconds a message are too many: `check`
 * (the class's rules written out, kept in agreement by a unit test) accepts, and only a
 * rejected message pays for class-validator, to say what is wrong with it.
 */
export function checkedPayload<T extends object>(
  type: PayloadClass<T>,
  check: (data: unknown) => data is T,
): PayloadValidator<T> {
  return (data) => {
    if (check(data)) return { valid: true, value: data };
    const explained = validateClass(type, data);
    return explained.valid ? { valid: false, error: `not a valid ${type.name}` } : explained;
  };
}

const DOMAIN_EVENT_NAMES = new Map(
  Object.entries(DOMAIN_EVENTS).map(([name, { subject }]) => [subject, name as DomainEventName]),
);

/** Any event of DOMAIN_EVENTS, by its subject, validated by its class. */
export const domainEventPayload: PayloadValidator<DomainEvent> = (data, subject) => {
  const name = DOMAIN_EVENT_NAMES.get(subject);
  if (name === undefined) return { valid: false, error: `no domain event has subject ${subject}` };
  const event: DomainEventDefinition<object> = DOMAIN_EVENTS[name];
  const payload = event.check
    ? checkedPayload(event.payload, event.check)(data, subject)
    : validateClass(event.payload, data);
  return payload.valid
    ? { valid: true, value: { name, payload: payload.value } as DomainEvent }
    : payload;
};

function validateClass<T extends object>(type: PayloadClass<T>, data: unknown): Validation<T> {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { valid: false, error: `${type.name} must be an object` };
  const value = plainToInstance(type, data);
  const errors = validateSync(value, { whitelist: true });
  return errors.length === 0 ? { valid: true, value } : { valid: false, error: describe(errors) };
}

function describe(errors: ValidationError[]): string {
  return errors
    .flatMap((error) =>
      error.constraints ? Object.values(error.constraints) : [`${error.property} is invalid`],
    )
    .join('; ');
}
