import { userLimitsEnv } from '@greetboard/config';
import { runServiceMain, serviceEnv } from '@greetboard/service-kit';
import { sessionsRuntime } from './sessions.runtime.js';

runServiceMain(sessionsRuntime, { env: serviceEnv.extend(userLimitsEnv.shape) });
