import { chatBatchEnv, userLimitsEnv } from '@greetboard/config';
import { runServiceMain, serviceEnv } from '@greetboard/service-kit';
import { chatterProfilesEnv, welcomeEnv } from './config.js';
import { sessionsRuntime } from './sessions.runtime.js';

runServiceMain(sessionsRuntime, {
  env: serviceEnv.extend({
    ...userLimitsEnv.shape,
    ...chatterProfilesEnv.shape,
    ...welcomeEnv.shape,
    ...chatBatchEnv.shape,
  }),
});
