export { SessionsModule, type SessionsServiceOptions } from './sessions.module.js';
export { ChattersRepository, type RecordedChatter } from './chatters/chatters.repository.js';
export type { StreamSettings } from './streams.js';
