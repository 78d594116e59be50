/**
 * The wire part of the contracts: what crosses NATS, HTTP and the live channel, as plain
 * names, codes and types, with no decorators and no run-time dependencies, so the browser
 * imports it (`@greetboard/contracts/wire`). Every subject and stream is in subjects.ts,
 * every error code in errors/error-codes.ts. The validation part (`@greetboard/contracts`)
 * adds the class-validator classes and the live channel's zod schemas; the payload types
 * below are their shapes.
 */
export * from './subjects.js';
export * from './live-messages.js';
export * from './api-errors.js';
export * from './tokens.js';
export type * from './http-answers.js';
export * from '../errors/error-codes.js';
export * from '../entities/entities.js';
export * from '../sessions/session-dtos.js';
export type * from '../sessions/session-requests.js';
export type * from '../sessions/raid-requests.js';
export * from '../sessions/raid-window.js';
export * from '../sessions/welcome-dtos.js';
export type * from '../auth/auth-messages.js';
export type * from '../chat/monitors.js';
export type * from '../chat/chat-line.js';
export type * from '../domain/domain-events.js';
export type * from '../users/user-data.js';
export type * from '../health/health.js';
export type * from '../live/live-relay.js';
export type * from '../admin/admin-status.js';
export type * from '../stats/statistics.js';
export type * from '../login-sessions/overlay-links.js';
export { OVERLAY_ACCESS, OVERLAY_LOOKS } from '../login-sessions/overlay-links.js';
export type * from '../streams/dead-letter.js';
export type { LoginSessionDto } from '../login-sessions/login-session-requests.js';
