import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { DomainError } from '@greetboard/contracts';
import { MalformedPayload } from './incoming-request.js';

/** One rejected field of a payload, as listed in a VALIDATION_FAILED error's details. */
export interface FieldViolation {
  /** Dotted path of the field; `(payload)` when the payload as a whole is wrong. */
  field: string;
  problems: string[];
}

const WHOLE_PAYLOAD = '(payload)';

/**
 * Validates message payloads against their definition's class. Payloads that are not objects
 * (a string, an array, bytes that were not JSON) are rejected before class-validator runs,
 * since class-validator would accept them for a class without required fields.
 */
class RpcValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (this.validatesClass(metadata) && !isPlainObject(value)) {
      throw new DomainError('VALIDATION_FAILED', undefined, [notAnObject(value)]);
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }

  private validatesClass(metadata: ArgumentMetadata): boolean {
    return metadata.metatype !== undefined && this.toValidate(metadata);
  }
}

export function rpcValidationPipe(): ValidationPipe {
  return new RpcValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors: ValidationError[]) =>
      new DomainError('VALIDATION_FAILED', undefined, toViolations(errors)),
  });
}

function toViolations(errors: ValidationError[], parent = ''): FieldViolation[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own: FieldViolation[] = error.constraints
      ? [{ field, problems: Object.values(error.constraints) }]
      : [];
    return [...own, ...toViolations(error.children ?? [], field)];
  });
}

function notAnObject(value: unknown): FieldViolation {
  const problem =
    value instanceof MalformedPayload
      ? 'payload is not valid JSON'
      : 'payload must be a JSON object';
  return { field: WHOLE_PAYLOAD, problems: [problem] };
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
