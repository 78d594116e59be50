import { runServiceMain, serviceEnv } from '@greetboard/service-kit';
import { SessionsModule } from './sessions.module.js';

runServiceMain({
  service: 'sessions',
  env: serviceEnv,
  module: ({ transport, database }) => SessionsModule.register({ transport, database }),
});
