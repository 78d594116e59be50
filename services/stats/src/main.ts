import { runServiceMain, serviceEnv } from '@greetboard/service-kit';
import { StatsModule } from './stats.module.js';

runServiceMain({
  service: 'stats',
  env: serviceEnv,
  module: ({ transport, database }) => StatsModule.register({ transport, database }),
});
