/** The auth service's key-value store (login sessions, sign-in states, caches, locks). */
export const AUTH_KV = Symbol('AUTH_KV');
/** The resolved AuthConfig. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
/** The DurableStreams domain events are published to. */
export const DOMAIN_STREAMS = Symbol('DOMAIN_STREAMS');
