import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError } from '@greetboard/contracts';

function describe(errors: ValidationError[], parent = ''): { field: string; problems: string[] }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, problems: Object.values(error.constraints) }] : [];
    return [...own, ...describe(error.children ?? [], field)];
  });
}

/** Validates every HTTP payload against its class; unknown fields are refused. */
export function httpValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new DomainError('VALIDATION_FAILED', 'Invalid request.', describe(errors)),
  });
}
