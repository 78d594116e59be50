import { runServiceMain } from '@greetboard/service-kit';
import { gatewayEnv } from './config.js';
import { gatewayRuntime } from './gateway.runtime.js';

runServiceMain(gatewayRuntime, { env: gatewayEnv });
