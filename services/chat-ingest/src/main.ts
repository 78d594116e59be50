import { runServiceMain } from '@greetboard/service-kit';
import { chatIngestRuntime } from './chat-ingest.runtime.js';
import { chatIngestEnv } from './config.js';

runServiceMain(chatIngestRuntime, { env: chatIngestEnv });
