import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@greetboard/contracts';
import { IsInt, IsString, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { lastValueFrom } from 'rxjs';
import type { ArgumentsHost } from '@nestjs/common';
import { DomainRpcExceptionFilter } from './domain-rpc-exception.filter.js';
import { MalformedPayload } from './incoming-request.js';
import { rpcValidationPipe } from './rpc-validation.pipe.js';

class Address {
  @IsString()
  city: string;
}

class Person {
  @IsString()
  name: string;

  @IsInt()
  age: number;

  @ValidateNested()
  @Type(() => Address)
  address: Address;
}

const metadata = { type: 'body' as const, metatype: Person, data: undefined };

async function rejection(value: unknown): Promise<DomainError> {
  const error = await rpcValidationPipe()
    .transform(value, metadata)
    .then(
      () => undefined,
      (reason: unknown) => reason,
    );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('VALIDATION_FAILED');
  return error as DomainError;
}

describe('rpcValidationPipe', () => {
  it('returns a valid payload as an instance of its class', async () => {
    const value: unknown = await rpcValidationPipe().transform(
      { name: 'Ada', age: 36, address: { city: 'London' } },
      metadata,
    );
    expect(value).toBeInstanceOf(Person);
  });

  it('lists every bad, missing or unknown field', async () => {
    const error = await rejection({ name: 1, address: { city: 2 }, extra: true });
    const fields = (error.details as { field: string }[])
      .map((violation) => violation.field)
      .sort();
    expect(fields).toEqual(['address.city', 'age', 'extra', 'name']);
  });

  it.each([
    ['a string', 'Ada'],
    ['an array', [1]],
    ['null', null],
    ['malformed JSON', new MalformedPayload('bad')],
  ])('rejects %s as the payload', async (_label, value) => {
    const error = await rejection(value);
    expect(error.details).toMatchObject([{ field: '(payload)' }]);
  });
});

describe('DomainRpcExceptionFilter', () => {
  const host = {} as ArgumentsHost;
  const bodyOf = (exception: unknown) =>
    lastValueFrom(new DomainRpcExceptionFilter().catch(exception, host)).then(
      () => undefined,
      (body: unknown) => body,
    );

  it('answers a DomainError with its body', async () => {
    await expect(bodyOf(new DomainError('USER_NOT_FOUND', 'gone', { id: 1 }))).resolves.toEqual({
      code: 'USER_NOT_FOUND',
      message: 'gone',
      details: { id: 1 },
    });
  });

  it('answers anything else with INTERNAL, without leaking its message', async () => {
    const body = await bodyOf(new Error('secret connection string'));
    expect(body).toEqual(new DomainError('INTERNAL').toBody());
  });
});
