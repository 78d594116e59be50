/** The gateway's key-value store (login sessions, rate limits, caches). */
export const GATEWAY_KV = Symbol('GATEWAY_KV');
