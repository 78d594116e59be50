import { userLimitsEnv } from '@greetboard/config';
import { runServiceMain, serviceEnv } from '@greetboard/service-kit';
import { SessionsModule } from './sessions.module.js';

runServiceMain({
  service: 'sessions',
  env: serviceEnv.extend(userLimitsEnv.shape),
  module: ({ config, transport, database }) =>
    SessionsModule.register({
      transport,
      database,
      limits: {
        activeSessionsPerUser: config.ACTIVE_SESSIONS_PER_USER,
        sessionsCreatedPerMinute: config.SESSIONS_CREATED_PER_MINUTE,
      },
    }),
});
