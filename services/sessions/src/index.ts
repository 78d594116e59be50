export { SessionsModule, type SessionsServiceOptions } from './sessions.module.js';
export { ChattersRepository } from './chatters/chatters.repository.js';
export type { RecordedChatter } from './chatters/chatter-rows.js';
export type { StreamSettings } from './streams.js';
export { ChatLinesSeenPruner } from './monitoring/chat-lines-seen-pruner.js';
export * from './sessions.runtime.js';
export { chatterProfilesEnv, welcomeEnv } from './config.js';
export { ChatterProfilesJob } from './chatter-profiles/chatter-profiles.job.js';
