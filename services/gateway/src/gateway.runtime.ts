import { keyPrefixOf } from '@greetboard/config';
import { createKeyValueStore } from '@greetboard/kv';
import { serviceLogger, type ServiceRuntime } from '@greetboard/service-kit';
import type { GatewayConfig } from './config.js';
import { startGateway, type GatewayOptions, type RunningGateway } from './gateway-app.js';

export type GatewayRuntimeConfig = GatewayOptions['config'] &
  Pick<GatewayConfig, 'REDIS_URL' | 'INSTALLATION_PREFIX'> &
  Pick<GatewayOptions, 'demoMode' | 'imageOrigins'>;

/** The gateway's composition root, used by its main.ts and the standalone runtime. */
export const gatewayRuntime: ServiceRuntime<GatewayRuntimeConfig, RunningGateway> = {
  service: 'gateway',
  needs: { database: false, streams: false },
  start: async (config, infrastructure) => {
    const kv = createKeyValueStore(config, keyPrefixOf(config));
    try {
      const gateway = await startGateway({
        config,
        transport: infrastructure.transport,
        kv,
        demoMode: config.demoMode,
        imageOrigins: config.imageOrigins,
      });
      serviceLogger('gateway').log(`Listening on ${gateway.url}`);
      return {
        ...gateway,
        close: async () => {
          await gateway.close();
          await kv.close();
        },
      };
    } catch (error) {
      await kv.close();
      throw error;
    }
  },
};
