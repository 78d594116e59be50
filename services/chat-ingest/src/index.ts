export { ChatIngestModule, type ChatIngestServiceOptions } from './chat-ingest.module.js';
export { chatIngestEnv, type ChatIngestConfig } from './config.js';
export {
  anonymousChatAccount,
  chatServerFromUrl,
  TmiChatConnection,
  type ChatAccount,
} from './connections/tmi-chat-connection.js';
export { ChatIngestRunner } from './ingest/chat-ingest.runner.js';
export * from './chat-ingest.runtime.js';
export { preferredReplica } from './monitors/channel-leases.js';
