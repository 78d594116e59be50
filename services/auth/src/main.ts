import { loadConfigOrExit } from '@greetboard/config';
import { createKeyValueStore } from '@greetboard/kv';
import { closeDatabaseRuntime, openDatabaseRuntime } from '@greetboard/persistence';
import { runUntilSignal, startServiceApp, transportRuntimeFrom } from '@greetboard/service-kit';
import { AuthModule } from './auth.module.js';
import { AuthConfigError, authEnv, resolveAuthConfig } from './config.js';

const env = loadConfigOrExit('auth', authEnv);
let config;
try {
  config = resolveAuthConfig(env);
} catch (error) {
  if (!(error instanceof AuthConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78); // EX_CONFIG
}
const authConfig = config;

runUntilSignal('auth', async () => {
  const transport = transportRuntimeFrom(env, 'auth');
  const database = await openDatabaseRuntime(env);
  const kv = createKeyValueStore(env, 'greetboard:auth:');
  const app = await startServiceApp(
    'auth',
    AuthModule.register({ transport, database, kv, config: authConfig }),
    transport,
    env.LOG_LEVEL,
  );
  return {
    close: async () => {
      await app.close();
      await kv.close();
      await closeDatabaseRuntime(database);
    },
  };
});
