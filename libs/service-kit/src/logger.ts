import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** A Nest logger for `service` that prints `level` and everything more severe. */
export function serviceLogger(service: string, level: LogLevel = 'log'): ConsoleLogger {
  return new ConsoleLogger(service, {
    logLevels: ORDER.slice(0, ORDER.indexOf(level) + 1),
    json: process.env.LOG_FORMAT === 'json',
  });
}
