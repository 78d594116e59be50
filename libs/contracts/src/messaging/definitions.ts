/** A class whose instances class-validator can check. */
export type PayloadClass<T extends object> = new () => T;

/**
 * A request/reply message: its subject, the class that validates its payload, and (as a type
 * only) the shape of its answer. Call sites pass the definition, never a bare subject string.
 */
export interface RequestDefinition<TRequest extends object, TResponse> {
  readonly kind: 'request';
  readonly subject: string;
  readonly payload: PayloadClass<TRequest>;
  /** Phantom field that carries the response type; never set at run time. */
  readonly response?: TResponse;
}

/** A fire-and-forget event delivered to every listener of its subject. */
export interface EventDefinition<TPayload extends object> {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: PayloadClass<TPayload>;
}

export function defineRequest<TRequest extends object, TResponse>(
  subject: string,
  payload: PayloadClass<TRequest>,
): RequestDefinition<TRequest, TResponse> {
  return { kind: 'request', subject, payload };
}

export function defineEvent<TPayload extends object>(
  subject: string,
  payload: PayloadClass<TPayload>,
): EventDefinition<TPayload> {
  return { kind: 'event', subject, payload };
}

export type RequestOf<D> = D extends RequestDefinition<infer R, unknown> ? R : never;
export type ResponseOf<D> = D extends RequestDefinition<object, infer R> ? R : never;
