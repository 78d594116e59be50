import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { DomainError } from '@greetboard/contracts';

/** Deeper JSON than this is no request the app sends; refused before anything walks it. */
export const MAX_INPUT_DEPTH = 16;

function describe(errors: ValidationError[], parent = ''): { field: string; problems: string[] }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, problems: Object.values(error.constraints) }] : [];
    return [...own, ...describe(error.children ?? [], field)];
  });
}

/**
 * What no field of any route accepts, found without recursion (a 30,000-deep array must not
 * overflow the stack): nesting deeper than MAX_INPUT_DEPTH, `null` (an optional field is
 * absent, never null), and NUL characters (PostgreSQL text cannot hold them).
 */
export function unacceptableInput(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number; field: string }[] = [
    { value, depth: 0, field: '' },
  ];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (item.depth > MAX_INPUT_DEPTH) return `${item.field || 'body'} is nested too deeply`;
    if (item.value === null && item.depth > 0) return `${item.field} must not be null`;
    if (typeof item.value === 'string' && item.value.includes('\u0000')) {
      return `${item.field || 'value'} must not contain NUL characters`;
    }
    if (typeof item.value === 'object' && item.value !== null) {
      for (const [key, child] of Object.entries(item.value)) {
        if (key.includes('\u0000')) return 'a field name contains NUL characters';
        const field = item.field ? `${item.field}.${key}` : key;
        pending.push({ value: child, depth: item.depth + 1, field });
      }
    }
  }
  return undefined;
}

/** Validates every HTTP payload against its class; unknown fields are refused. */
class HttpValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const problem = unacceptableInput(value);
      if (problem) {
        throw new DomainError('VALIDATION_FAILED', 'Invalid request.', [
          { field: problem.split(' ')[0], problems: [problem] },
        ]);
      }
    }
    return super.transform(value, metadata);
  }
}

export function httpValidationPipe(): ValidationPipe {
  return new HttpValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new DomainError('VALIDATION_FAILED', 'Invalid request.', describe(errors)),
  });
}
