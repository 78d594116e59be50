/**
 * Transport failures, shaped like their NATS counterparts so that `sendRequest` (which recognises
 * NATS "no responders" by code/name/message) maps them the same way in both runtimes.
 */

export class NoRespondersError extends Error {
  override readonly name = 'NoRespondersError';
  readonly code = '503';

  constructor(readonly subject: string) {
    super(`no responders: '${subject}'`);
  }
}

export class RequestTimeoutError extends Error {
  override readonly name = 'TimeoutError';

  constructor(
    readonly subject: string,
    readonly timeoutMs: number,
  ) {
    super(`request to '${subject}' timed out after ${timeoutMs} ms`);
  }
}

export class BrokerClosedError extends Error {
  override readonly name = 'BrokerClosedError';

  constructor() {
    super('The in-process broker is closed.');
  }
}
