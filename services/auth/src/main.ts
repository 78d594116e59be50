import { runServiceMain } from '@greetboard/service-kit';
import { authRuntime, authRuntimeConfig } from './auth.runtime.js';
import { authEnv } from './config.js';

runServiceMain(authRuntime, { env: authEnv, configure: authRuntimeConfig });
