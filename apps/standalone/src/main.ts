import { loadConfigOrExit } from '@greetboard/config';
import { runUntilSignal } from '@greetboard/service-kit';
import { startBanner } from './banner.js';
import { standaloneEnv, startStandalone } from './standalone.js';

const config = loadConfigOrExit('greetboard', standaloneEnv);

runUntilSignal('greetboard', async () => {
  const running = await startStandalone(config);
  process.stdout.write(startBanner(config, running));
  return running;
});
