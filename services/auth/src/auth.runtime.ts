import { keyPrefixOf, type LogLevel } from '@greetboard/config';
import { createKeyValueStore } from '@greetboard/kv';
import {
  databaseOf,
  startServiceApp,
  streamsOf,
  type ServiceRuntime,
} from '@greetboard/service-kit';
import { AuthModule } from './auth.module.js';
import { resolveAuthConfig, type AuthConfig, type AuthEnv } from './config.js';

export interface AuthRuntimeConfig {
  LOG_LEVEL: LogLevel;
  REDIS_URL?: string;
  INSTALLATION_PREFIX: string;
  auth: AuthConfig;
}

/** Resolves the auth settings from the environment; throws AuthConfigError when incomplete. */
export function authRuntimeConfig(env: AuthEnv): AuthRuntimeConfig {
  return { ...env, auth: resolveAuthConfig(env) };
}

/** The auth service's composition root, used by its main.ts and the standalone runtime. */
export const authRuntime: ServiceRuntime<AuthRuntimeConfig> = {
  service: 'auth',
  needs: { database: true, streams: true },
  start: async (config, infrastructure) => {
    const kv = createKeyValueStore(config, keyPrefixOf(config, 'auth'));
    try {
      const app = await startServiceApp(
        'auth',
        AuthModule.register({
          transport: infrastructure.transport,
          database: databaseOf(infrastructure),
          streams: streamsOf(infrastructure),
          kv,
          config: config.auth,
        }),
        infrastructure.transport,
        config.LOG_LEVEL,
      );
      return {
        close: async () => {
          await app.close();
          await kv.close();
        },
      };
    } catch (error) {
      await kv.close();
      throw error;
    }
  },
};
