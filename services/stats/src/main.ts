import { runServiceMain, serviceEnv } from '@greetboard/service-kit';
import { statsRuntime } from './stats.runtime.js';

runServiceMain(statsRuntime, { env: serviceEnv });
