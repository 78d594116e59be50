import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentRequestId } from '@greetboard/transport';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * Nest's own start-up chatter (module initialisation, every route mapped, "successfully
 * started"): useful when debugging the framework, noise for the person starting Greetboard.
 */
const FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'NestMicroservice',
]);

type JsonLogOptions = Parameters<ConsoleLogger['getJsonLogObject']>[1];

/**
 * Prints the framework's start-up messages at `debug`, everything else as asked. A JSON line
 * written while a request is handled carries its `requestId`, in whichever process it runs.
 */
class ServiceLogger extends ConsoleLogger {
  protected override getJsonLogObject(
    message: unknown,
    options: JsonLogOptions,
  ): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const line = super.getJsonLogObject(message, options);
    const requestId = currentRequestId();
    return requestId === undefined ? line : { ...line, requestId };
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) {
      super.debug(message, ...rest);
      return;
    }
    super.log(message, ...rest);
  }
}

/** A Nest logger for `service` that prints `level` and everything more severe. */
export function serviceLogger(service: string, level: LogLevel = 'log'): ConsoleLogger {
  return new ServiceLogger(service, {
    logLevels: ORDER.slice(0, ORDER.indexOf(level) + 1),
    json: process.env.LOG_FORMAT === 'json',
  });
}
