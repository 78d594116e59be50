import { loadConfigOrExit } from '@greetboard/config';
import { runUntilSignal } from '@greetboard/service-kit';
import { standaloneEnv, startStandalone } from './standalone.js';

const config = loadConfigOrExit('greetboard', standaloneEnv);

runUntilSignal('greetboard', async () => {
  const running = await startStandalone(config);
  process.stdout.write(`\nGreetboard is running at ${running.url}\n\n`);
  return running;
});
