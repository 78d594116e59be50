import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { serviceLogger } from './logger.js';

describe('serviceLogger', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const printed = (level: 'log' | 'debug') => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const logger = serviceLogger('sessions', level);
    logger.log('Mapped {/api/sessions, GET} route', 'RouterExplorer');
    logger.log('AuthModule dependencies initialized', 'InstanceLoader');
    logger.log('Session started', 'sessions');
    return write.mock.calls.map(([chunk]) => String(chunk)).join('');
  };

  it("keeps Nest's start-up chatter out of the default level", () => {
    const output = printed('log');
    expect(output).toContain('Session started');
    expect(output).not.toContain('Mapped');
    expect(output).not.toContain('dependencies initialized');
  });

  it('prints it at debug', () => {
    const output = printed('debug');
    expect(output).toContain('Mapped {/api/sessions, GET} route');
    expect(output).toContain('AuthModule dependencies initialized');
    expect(output).toContain('Session started');
  });
});
