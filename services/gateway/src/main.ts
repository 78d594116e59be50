import { loadConfigOrExit } from '@greetboard/config';
import { createKeyValueStore } from '@greetboard/kv';
import { runUntilSignal, serviceLogger, transportRuntimeFrom } from '@greetboard/service-kit';
import { gatewayEnv } from './config.js';
import { startGateway } from './gateway-app.js';

const config = loadConfigOrExit('gateway', gatewayEnv);

runUntilSignal('gateway', async () => {
  const kv = createKeyValueStore(config, 'greetboard:');
  const gateway = await startGateway({
    config,
    transport: transportRuntimeFrom(config, 'gateway'),
    kv,
  });
  serviceLogger('gateway').log(`Listening on ${gateway.url}`);
  return {
    close: async () => {
      await gateway.close();
      await kv.close();
    },
  };
});
