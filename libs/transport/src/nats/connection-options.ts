/**
 * Options every NATS connection of the product takes (ADR 0037). `noAsyncTraces`: nats.js
 * otherwise builds an `Error` for every request and timer it starts, only to give a timeout a
 * stack trace of where the request began. With a JetStream publish per chat line and a request
 * per acknowledgement, those errors cost a fifth to a quarter of chat-ingest's and the sessions
 * service's CPU (CPU profiles in docs/benchmarks.md); a timeout still fails with its message
 * and the domain error code the caller gives it.
 */
export const NATS_CONNECTION_OPTIONS = { noAsyncTraces: true } as const;
