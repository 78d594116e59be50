import { describe, expect, it } from '@jest/globals';
import { isInfrastructureFailure } from './infrastructure-failures.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isInfrastructureFailure', () => {
  it('knows a database or peer that cannot be reached', () => {
    expect(isInfrastructureFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isInfrastructureFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isInfrastructureFailure(new Error('timeout exceeded when trying to connect'))).toBe(
      true,
    );
    // TypeORM's QueryFailedError carries the driver's error, whose SQLSTATE says why.
    const adminShutdown = Object.assign(new Error('QueryFailedError'), {
      driverError: withCode('57P01', 'terminating connection due to administrator command'),
    });
    expect(isInfrastructureFailure(adminShutdown)).toBe(true);
    expect(isInfrastructureFailure(new Error('wrapped', { cause: withCode('08006') }))).toBe(true);
    expect(isInfrastructureFailure(withCode('40001'))).toBe(true);
  });

  it('does not excuse a message the database refuses', () => {
    // A NUL byte in text, a timestamp out of range, a broken constraint: the message's fault.
    expect(isInfrastructureFailure(withCode('22021'))).toBe(false);
    expect(isInfrastructureFailure(withCode('22008', 'date/time field value out of range'))).toBe(
      false,
    );
    expect(isInfrastructureFailure(withCode('23505'))).toBe(false);
    expect(isInfrastructureFailure(new TypeError('Cannot read properties of undefined'))).toBe(
      false,
    );
    expect(isInfrastructureFailure('text')).toBe(false);
    expect(isInfrastructureFailure(undefined)).toBe(false);
  });
});
