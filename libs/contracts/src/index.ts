// Payload classes carry decorator metadata, which needs the Reflect metadata API.
import 'reflect-metadata';

// The wire part (subjects, streams, error codes, payload and live-message types) and the
// validation part (class-validator classes) below; the browser imports './wire' alone.
export * from './wire/index.js';
export * from './errors/domain-error.js';
export * from './messaging/definitions.js';
export * from './messaging/send.js';
export * from './health/health.js';
export * from './chat/chat-line.js';
export * from './live/live-messages.js';
export * from './live/live-relay.js';
export * from './live/live-presence.js';
export * from './domain/domain-events.js';
export * from './users/user-data.js';
export * from './sessions/index.js';
export * from './auth/auth-messages.js';
export * from './chat/monitors.js';
export * from './chat/channel-join-status.js';
export * from './chat/chat-connection.js';
export * from './admin/admin-status.js';
export * from './session-events/session-domain-events.js';
export * from './stats/statistics.js';
export * from './login-sessions/login-session-requests.js';
export * from './login-sessions/overlay-links.js';
